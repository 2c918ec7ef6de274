"""An AlphaZero-style learner: PUCT search guided by a small PyTorch network, trained on
its own games (`spieltisch train GAME --minutes M --out model.pt`) or taught by the
native search (expert iteration: `spieltisch expert`, `learn.expert`, `learn.expert_run`),
and the `net:` agent that plays with a trained model or a shipped one (`learn.shipped`).

Needs the `learn` extra (`pip install spieltisch[learn]`: PyTorch, matplotlib and the
`envs` extra); `ai` does not import it: `learn.kind` registers the `net:` kind in the agent
registry (`spieltisch.ai.registry`), and PyTorch is imported only when such an agent is
built.
"""
