"""The model layer: cards as data, the ability vocabulary's registries, the game state, actions and outcomes.

It imports nothing else of the engine; every other layer builds on it."""
