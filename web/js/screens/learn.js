// Learning screens (issue 10): the Learn page and lessons, the puzzles, the embedding docs page.
import "./lessons.js";
import "./puzzles.js";
import "./embedding.js";
