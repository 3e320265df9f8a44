#!/usr/bin/env python3
"""Set aside the fields appended to versioned structs, for tests/abi/check.sh.

    appended.py <baseline.abi> <current.abi> <out.abi> <struct>...

Writes <out.abi>: <current.abi> with each named struct cut back to as many
members as it has in <baseline.abi>, and to its baseline size. Comparing
<out.abi> with the baseline, with no suppression, then reports any change
to the old members (type, offset, name, order) while the appended ones
pass. (libabigail's `has_data_member_inserted_at = end` suppression is not
enough: abidiff 2.2 also hides a changed old member when a new one is
appended.) Prints one line per struct that gained fields: the struct and
the new fields' names.
"""
import sys
import xml.etree.ElementTree as ET


def defined(root, name):
    """The class-decl elements that define struct `name` (not declare it)."""
    return [c for c in root.iter("class-decl")
            if c.get("name") == name and c.get("is-declaration-only") != "yes"]


def members(decl):
    return [m for m in decl if m.tag == "data-member"]


def member_name(m):
    var = m.find("var-decl")
    return var.get("name") if var is not None else "?"


def main(argv):
    if len(argv) < 4:
        sys.stderr.write(__doc__)
        return 2
    base_path, cur_path, out_path, structs = argv[0], argv[1], argv[2], argv[3:]
    base = ET.parse(base_path).getroot()
    tree = ET.parse(cur_path)
    cur = tree.getroot()
    for name in structs:
        old = defined(base, name)
        if not old:
            continue  # new since the baseline: an addition, nothing to cut
        keep = len(members(old[0]))
        size = old[0].get("size-in-bits")
        added = []
        for decl in defined(cur, name):
            extra = members(decl)[keep:]
            if not extra:
                continue
            for m in extra:
                decl.remove(m)
            decl.set("size-in-bits", size)
            added = [member_name(m) for m in extra]
        if added:
            print(name, " ".join(added))
    tree.write(out_path, encoding="unicode")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
