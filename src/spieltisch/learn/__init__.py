"""An AlphaZero-style learner: PUCT search guided by a small PyTorch network, trained on
its own games (`spieltisch train GAME --minutes M --out model.pt`), and the `net:` agent
that plays with a trained model.

Needs the `learn` extra (`pip install spieltisch[learn]`: PyTorch, matplotlib and the
`envs` extra); nothing else in the package imports this one, and `ai.spec` imports the
agent only when a `net:` spec is built.
"""
