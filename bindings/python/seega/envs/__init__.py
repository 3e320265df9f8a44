"""seega.envs: Seega for the game-AI frameworks, each in its own module.

- :mod:`seega.envs.pettingzoo`: ``env()``, a PettingZoo ``AECEnv`` in the
  manner of PettingZoo's classic games (``pip install 'seega[pettingzoo]'``);
- :mod:`seega.envs.gymnasium`: ``env()``, a single-agent Gymnasium
  environment against the library's AI, also ``gymnasium.make("seega/Seega-v0")``
  (``pip install 'seega[gymnasium]'``);
- :mod:`seega.envs.openspiel`: importing it registers the OpenSpiel game
  ``python_seega`` (``pip install 'seega[openspiel]'``).

Nothing here is imported by ``import seega``, and this package imports none
of the frameworks: each module imports its own framework when it is
imported, and says which extra to install when the framework is missing.
The modules add the frameworks' conventions, never rules: legal actions,
action indices, observation planes and results all come from the C
library through :class:`seega.Game` (docs/learning.md).
"""

__all__ = []  # type: list[str]


def _missing(module: str, framework: str, extra: str, error: ImportError) -> ImportError:
    """The ImportError of a framework module whose framework is missing
    (defined here, where nothing needs NumPy)."""
    return ImportError(
        "%s needs %s, which cannot be imported (%s): install it with "
        "pip install 'seega[%s]'" % (module, framework, error, extra),
        name=error.name)
