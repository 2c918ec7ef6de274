// The words of the piece legend (js/legend.js); the pieces' own names and moves come from
// the game's words.
import { register } from "../i18n.js";

register({
  en: {
    "legend.title": "Pieces and how they move",
    "legend.promoted": "{name}:",
    "legend.cards": "Cards",
    "legend.fields": "Fields",
    "legend.ownStone": "A stone of this game's own list: its marks show how it moves.",
    "legend.costPay": { one: "costs {n} carrot", other: "costs {n} carrots" },
    "legend.costGain": { one: "gains {n} carrot", other: "gains {n} carrots" },
  },
  de: {
    "legend.title": "Figuren und wie sie ziehen",
    "legend.promoted": "{name}:",
    "legend.cards": "Karten",
    "legend.fields": "Felder",
    "legend.ownStone": "Ein Stein aus der eigenen Liste dieser Partie: seine Marken zeigen, wie er zieht.",
    "legend.costPay": { one: "kostet {n} Karotte", other: "kostet {n} Karotten" },
    "legend.costGain": { one: "bringt {n} Karotte", other: "bringt {n} Karotten" },
  },
});
