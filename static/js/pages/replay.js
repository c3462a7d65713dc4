// The match page's replay: the record from json_script "replay-data", the language (card
// indices) from the section's data-lang.
import { mountReplay } from "../replay.js";

const root = document.querySelector(".replay");
mountReplay(root, JSON.parse(document.getElementById("replay-data").textContent), root.dataset.lang);
