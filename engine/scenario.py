"""Public: scenarios, the JSON format that sets up any position, and their card labels (docs/scenarios.md)."""
from .persistence.scenario import (
    BadScenario,
    build_state,
    card_id,
    find_label,
    label_id,
    labels,
    labels_of,
    load,
    resolve,
)

__all__ = ["BadScenario", "build_state", "card_id", "find_label", "label_id", "labels", "labels_of", "load",
           "resolve"]
