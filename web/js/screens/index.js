// The screens beyond the playmat: each module registers itself with the router when imported.
import "./saves.js";
import "./replay.js";
import "./cards.js";
import "./decks.js";
import "./deckeditor.js";
import "./learn.js";
import "./rules.js";
