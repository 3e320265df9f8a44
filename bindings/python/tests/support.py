"""Shared helpers of the binding's tests.

``CLib`` talks to the C library directly through ctypes, with its own
declarations written from seega.h and nothing from the package: the
cross-checks compare what the binding says with what the C API says.
"""

import ctypes
import os
import sys
from ctypes import POINTER, byref, c_char_p, c_int32, c_size_t, c_uint32, c_uint64, c_void_p

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE_ROOT = os.path.dirname(HERE)  # bindings/python
REPO_ROOT = os.path.dirname(os.path.dirname(PACKAGE_ROOT))
#: SEEGA_TEST_INSTALLED=1 tests the seega that the interpreter has installed
#: (tests/check_frameworks.py: a wheel in a virtual environment), not the
#: package of this source tree.
INSTALLED = os.environ.get("SEEGA_TEST_INSTALLED") == "1"
if not INSTALLED and PACKAGE_ROOT not in sys.path:
    sys.path.insert(0, PACKAGE_ROOT)

import seega  # noqa: E402

#: The directory that `import seega` finds the package in: PACKAGE_ROOT, or
#: the installed package's site-packages; child processes put it on their path.
IMPORT_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(seega.__file__)))
if INSTALLED and os.path.realpath(IMPORT_ROOT) == os.path.realpath(PACKAGE_ROOT):
    raise ImportError("SEEGA_TEST_INSTALLED=1, but seega was imported from the source "
                      "tree (%s): run the tests outside it, without PYTHONPATH" % seega.__file__)

EXAMPLES_DIR = os.environ.get("SEEGA_EXAMPLES_DIR") or os.path.join(REPO_ROOT, "examples", "python")

PRESET_CODES = {"classic": 1, "diagonal": 2, "modern": 3, "traditional": 4}


class _Rules(ctypes.Structure):
    _fields_ = [("version", c_uint32)] + [(name, c_int32) for name in (
        "board_size", "placements_per_turn", "opening_squares", "first_mover",
        "move_dirs", "capture_dirs", "centre_immune", "chain_captures",
        "blocked", "lose_at", "quiet_limit")]


class CLib:
    """The C API, declared independently of the package."""

    def __init__(self, path=None):
        self.lib = lib = ctypes.CDLL(path or seega.library_path)
        g = c_void_p
        decl = {
            "seega_rules_preset": (c_int32, [POINTER(_Rules), c_int32, c_int32]),
            "seega_new": (c_int32, [POINTER(_Rules), POINTER(g)]),
            "seega_free": (None, [g]),
            "seega_set_spn": (c_int32, [g, c_char_p]),
            "seega_get_spn": (c_int32, [g, ctypes.c_char_p, c_size_t]),
            "seega_legal_moves": (c_int32, [g, POINTER(c_uint32), c_size_t]),
            "seega_play": (c_int32, [g, c_uint32]),
            "seega_perft": (c_int32, [g, c_int32, POINTER(c_uint64)]),
            "seega_result": (c_int32, [g, POINTER(c_int32)]),
            "seega_hash": (c_int32, [g, POINTER(c_uint64)]),
            "seega_action_to_text": (c_int32, [g, c_uint32, ctypes.c_char_p, c_size_t]),
            "seega_action_kind": (c_int32, [c_uint32]),
            "seega_action_from": (c_int32, [c_uint32]),
            "seega_action_to": (c_int32, [c_uint32]),
            "seega_to_move": (c_int32, [g]),
            "seega_last_error": (c_char_p, [g]),
        }
        for name, (restype, argtypes) in decl.items():
            fn = getattr(lib, name)
            fn.restype = restype
            fn.argtypes = argtypes

    def new(self, preset, size, spn=None):
        rules = _Rules()
        assert self.lib.seega_rules_preset(byref(rules), PRESET_CODES[preset], size) == 0
        handle = c_void_p()
        assert self.lib.seega_new(byref(rules), byref(handle)) == 0
        if spn is not None:
            status = self.lib.seega_set_spn(handle, spn.encode())
            assert status == 0, self.lib.seega_last_error(handle)
        return handle

    def free(self, handle):
        self.lib.seega_free(handle)

    def spn(self, handle):
        buf = ctypes.create_string_buffer(128)
        assert self.lib.seega_get_spn(handle, buf, 128) > 0
        return buf.value.decode()

    def legal(self, handle):
        buf = (c_uint32 * 320)()
        n = self.lib.seega_legal_moves(handle, buf, 320)
        assert n >= 0
        return [buf[i] for i in range(n)]

    def text(self, handle, action):
        buf = ctypes.create_string_buffer(8)
        assert self.lib.seega_action_to_text(handle, action, buf, 8) > 0
        return buf.value.decode()

    def play(self, handle, action):
        return self.lib.seega_play(handle, action)

    def perft(self, handle, depth):
        out = c_uint64()
        assert self.lib.seega_perft(handle, depth, byref(out)) == 0
        return out.value

    def result(self, handle):
        reason = c_int32()
        result = self.lib.seega_result(handle, byref(reason))
        return result, reason.value

    def hash(self, handle):
        out = c_uint64()
        assert self.lib.seega_hash(handle, byref(out)) == 0
        return out.value


def subprocess_env(**changes):
    """The environment for a child Python: this one, with the package's
    directory (IMPORT_ROOT) on PYTHONPATH, and changes applied (None
    removes a variable)."""
    env = dict(os.environ)
    env["PYTHONPATH"] = IMPORT_ROOT + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    for key, value in changes.items():
        if value is None:
            env.pop(key, None)
        else:
            env[key] = value
    return env
