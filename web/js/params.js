// Checks of what a link can hand the page (URL parameters), before any of it reaches Python.

/** A scenario larger than this is refused (the largest real scenario is a few KiB). */
export const SCENARIO_MAX_BYTES = 64 * 1024;
/** Deeper nesting than this is refused: Python's json parser recurses once per level, and a few
    thousand levels overflow Pyodide's WebAssembly stack, which kills the engine for the tab. */
export const SCENARIO_MAX_DEPTH = 32;

/**
 * Why a scenario text cannot be handed to the engine, as an i18n key and its parameters; null if it can.
 * One pass over the text counts brackets outside JSON strings, so even a huge input costs little and
 * nothing is parsed here (the engine parses and validates the scenario itself).
 */
export function scenarioProblem(text) {
  const bytes = new TextEncoder().encode(text).length;
  if (bytes > SCENARIO_MAX_BYTES) {
    return { key: "scenarioTooLarge", params: { size: Math.ceil(bytes / 1024), limit: SCENARIO_MAX_BYTES / 1024 } };
  }
  if (nestingDepth(text) > SCENARIO_MAX_DEPTH) return { key: "scenarioTooDeep", params: { limit: SCENARIO_MAX_DEPTH } };
  return null;
}

/** The deepest nesting of [ and { outside JSON strings (backslash escapes inside strings honoured). */
export function nestingDepth(text) {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i += 1;
      else if (c === '"') inString = false;
    } else if (c === '"') {
      inString = true;
    } else if (c === "[" || c === "{") {
      depth += 1;
      if (depth > deepest) deepest = depth;
    } else if (c === "]" || c === "}") {
      depth -= 1;
    }
  }
  return deepest;
}

/** The ?speed= multiplier of the computer's pauses: a finite number from 0 to 10, else 1. */
export function speedParam(value) {
  if (value === null || value.trim() === "") return 1;
  const speed = Number(value);
  return Number.isFinite(speed) && speed >= 0 && speed <= 10 ? speed : 1;
}
