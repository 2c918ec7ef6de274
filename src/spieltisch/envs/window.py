"""The window of `render_mode="human"`: the picture of `envs.image` shown in a pygame
window, redrawn on every `render()`.

A window needs pygame (`pip install 'spieltisch[envs]'`) and a display. Where there is
none (no `DISPLAY` or `WAYLAND_DISPLAY` on Linux) the environment refuses the mode at
creation with an error saying so, unless SDL is told to draw without a screen
(`SDL_VIDEODRIVER=dummy` or `offscreen`, as in tests and on servers recording videos).
"""

from __future__ import annotations

import os
import sys
from typing import Any

import numpy as np

#: SDL video drivers that draw without a screen.
HEADLESS_DRIVERS = ("dummy", "offscreen")


class NoDisplayError(RuntimeError):
    """`render_mode="human"` where no window can open (no display, or no pygame)."""


def check_display() -> None:
    """Raise `NoDisplayError` saying why when a window cannot open here."""
    try:
        import pygame  # noqa: F401 - only whether it is there
    except ImportError as error:
        raise NoDisplayError(
            "render_mode='human' needs pygame: pip install 'spieltisch[envs]' "
            "(or use render_mode='rgb_array')"
        ) from error
    driver = os.environ.get("SDL_VIDEODRIVER", "")
    if driver in HEADLESS_DRIVERS or not sys.platform.startswith("linux"):
        return
    if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        raise NoDisplayError(
            "render_mode='human' needs a display and there is none (DISPLAY and "
            "WAYLAND_DISPLAY are unset): use render_mode='rgb_array', or set "
            "SDL_VIDEODRIVER=dummy to draw without a screen"
        )


class Window:
    """One pygame window; `show` draws an RGB picture (height x width x 3) into it."""

    def __init__(self, title: str) -> None:
        check_display()
        import pygame

        self._pygame: Any = pygame
        self.title = title
        self._screen: Any = None
        self._clock: Any = None

    def show(self, picture: np.ndarray[Any, np.dtype[np.uint8]], fps: int) -> None:
        """Draw `picture` (opening the window at its size first) and keep the window
        responsive; waits so that pictures follow at most `fps` per second."""
        pygame = self._pygame
        height, width = picture.shape[:2]
        if self._screen is None or self._screen.get_size() != (width, height):
            pygame.display.init()
            pygame.display.set_caption(self.title)
            self._screen = pygame.display.set_mode((width, height))
            self._clock = pygame.time.Clock()
        surface = pygame.surfarray.make_surface(np.ascontiguousarray(picture.swapaxes(0, 1)))
        self._screen.blit(surface, (0, 0))
        pygame.event.pump()
        pygame.display.flip()
        self._clock.tick(fps)

    def close(self) -> None:
        """Close the window (if it was opened)."""
        if self._screen is not None:
            self._pygame.display.quit()
            self._screen = None
