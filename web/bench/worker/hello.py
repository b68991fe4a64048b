"""The bare worker baseline: one exported function, no packages."""


def hello() -> str:
    return "ready"


__export__ = ["hello"]
