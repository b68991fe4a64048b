"""Public: lessons (data files that teach a rule on a real board) and the runner that plays them (docs/lessons.md)."""
from .clients.tutor import Tutor
from .persistence.lessons import BadLesson, catalogue, lesson_ids, load, validate

__all__ = ["BadLesson", "Tutor", "catalogue", "lesson_ids", "load", "validate"]
