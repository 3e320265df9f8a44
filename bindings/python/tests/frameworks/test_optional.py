"""The frameworks stay optional: `import seega` imports none of them (nor
NumPy), even where they are installed, as they are here."""

import os
import subprocess
import sys
import unittest

CODE = """
import sys
import seega, seega.envs
roots = ("numpy", "pettingzoo", "gymnasium", "pyspiel", "open_spiel")
print(sorted({m.split(".")[0] for m in sys.modules} & set(roots)))
import seega.envs.pettingzoo
print(sorted({m.split(".")[0] for m in sys.modules} & set(roots)))
"""


class TestOptional(unittest.TestCase):
    def test_import_seega_imports_no_framework(self):
        p = subprocess.run([sys.executable, "-W", "error", "-c", CODE], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, universal_newlines=True,
                           env=dict(os.environ), timeout=120)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(p.stdout.split("\n")[:2],
                         ["[]", "['gymnasium', 'numpy', 'pettingzoo']"])


if __name__ == "__main__":
    unittest.main()
