#!/usr/bin/env python3
"""Check every binding's list of the rules' fields against the library's.

    tests/check_rules_fields.py SEEGA_RULES_FIELDS_PROGRAM SOURCE_ROOT

The program (tests/rules_fields.c) prints the fields of seega_rules as
the one table in lib/core/rules_fields.h lists them: "name kind" a line,
in the struct's order. Each binding spells the fields in its own
language; this script reads their sources (it runs none of them, so it
needs neither Lua nor Node.js nor the WebAssembly build) and fails,
naming the file and what differs, when a list there is not the table's:
the names, their order, and each field's kind (a number, a flag, or one
of a set of words, and which words).

  Python      seega/_native.py (RulesStruct._fields_), seega/_rules.py
              (FIELDS, _FLAGS, _NUMBERS, _CHOICES and the class's
              annotations)
  Lua         seega.c (rules_fields[], push_rules, table_rules, the
              fields that also take a boolean)
  JavaScript  seega.mjs (FIELDS, the struct's bytes), seega.d.ts
              (RulesFields, the readonly members of Rules, the word
              types), layout.c (the struct's size)
"""

import ast
import os
import re
import subprocess
import sys

# The words of each kind of choice, as the rules text and every binding
# spell them (docs/records.md).
WORDS = {
    "side": ["x", "o"],
    "dirs": ["orthogonal", "all"],
    "blocked": ["loses", "passes", "opponent_opens", "removes"],
}

errors = []


def fail(where, what):
    errors.append("%s: %s" % (where, what))


def same(where, what, got, want):
    if list(got) != list(want):
        fail(where, "%s are %s, the table's are %s" % (what, list(got), list(want)))


def camel(name):
    head, *rest = name.split("_")
    return head + "".join(w.capitalize() for w in rest)


def read(root, path):
    with open(os.path.join(root, path), encoding="utf-8") as f:
        return f.read()


def body(text, start, where):
    """The first {...} or [...] block after start (with what it holds)."""
    i = text.find(start)
    if i < 0:
        fail(where, "%r not found" % start)
        return ""
    i += len(start)
    j = min(k for k in (text.find("{", i), text.find("[", i)) if k >= 0)
    close = {"{": "}", "[": "]"}[text[j]]
    depth = 0
    for k in range(j, len(text)):
        if text[k] == text[j]:
            depth += 1
        elif text[k] == close:
            depth -= 1
            if depth == 0:
                return text[j : k + 1]
    fail(where, "%r does not end" % start)
    return ""


# ---- Python -------------------------------------------------------------


def python(root, fields):
    names = [n for n, _ in fields]
    kinds = dict(fields)

    where = "bindings/python/seega/_native.py"
    tree = ast.parse(read(root, where))
    struct = None
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.name == "RulesStruct":
            for stmt in node.body:
                if (
                    isinstance(stmt, ast.Assign)
                    and isinstance(stmt.targets[0], ast.Name)
                    and stmt.targets[0].id == "_fields_"
                ):
                    struct = [
                        (e.elts[0].value, e.elts[1].id) for e in stmt.value.elts
                    ]
    if struct is None:
        fail(where, "RulesStruct._fields_ not found")
    else:
        same(where, "RulesStruct's fields", [n for n, _ in struct],
             ["version"] + names)
        same(where, "RulesStruct's types", [t for _, t in struct],
             ["c_uint32"] + ["c_int32"] * len(names))

    where = "bindings/python/seega/_rules.py"
    tree = ast.parse(read(root, where))
    top = {}
    annotations = None
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
            top[node.targets[0].id] = node.value
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            top[node.target.id] = node.value
        elif isinstance(node, ast.ClassDef) and node.name == "Rules":
            annotations = [
                (s.target.id, ast.unparse(s.annotation) if hasattr(ast, "unparse") else None)
                for s in node.body
                if isinstance(s, ast.AnnAssign) and not s.target.id.startswith("_")
            ]

    def strings(name):
        if name not in top:
            fail(where, "%s not found" % name)
            return []
        return [e.value for e in top[name].elts]

    same(where, "FIELDS", strings("FIELDS"), names)
    same(where, "_FLAGS", strings("_FLAGS"), [n for n in names if kinds[n] == "flag"])
    same(where, "_NUMBERS", strings("_NUMBERS"), [n for n in names if kinds[n] == "int"])
    choices = top.get("_CHOICES")
    if choices is None:
        fail(where, "_CHOICES not found")
    else:
        got = [(k.value, v.id) for k, v in zip(choices.keys, choices.values)]
        want_dict = {"side": "_SIDES", "dirs": "_DIRS", "blocked": "_BLOCKED"}
        same(where, "_CHOICES", got,
             [(n, want_dict[kinds[n]]) for n in names if kinds[n] in WORDS])
        for kind, dict_name in want_dict.items():
            if dict_name not in top:
                fail(where, "%s not found" % dict_name)
            else:
                same(where, dict_name + "'s words",
                     [k.value for k in top[dict_name].keys], WORDS[kind])
    if annotations is None:
        fail(where, "class Rules not found")
    elif annotations and annotations[0][1] is not None:
        types = {"int": "int", "flag": "bool", "side": "str", "dirs": "str",
                 "blocked": "str"}
        same(where, "the annotations of Rules", annotations,
             [(n, types[kinds[n]]) for n in names])


# ---- Lua ----------------------------------------------------------------


def lua(root, fields):
    names = [n for n, _ in fields]
    kinds = dict(fields)
    where = "bindings/lua/seega.c"
    text = read(root, where)

    same(where, "rules_fields[]",
         re.findall(r'"(\w+)"', body(text, "rules_fields[] =", where)), names)

    setters = re.findall(r'set_(integer|boolean|string)\(L, "(\w+)"',
                         body(text, "static void push_rules(", where))
    kind_of = {"integer": "int", "boolean": "flag"}
    same(where, "push_rules' fields", [n for _, n in setters], names)
    same(where, "push_rules' kinds",
         [kind_of.get(s, "choice") for s, _ in setters],
         ["choice" if kinds[n] in WORDS else kinds[n] for n in names])

    reads = re.findall(
        r'rules_field\(L, idx, "(\w+)",\s*&r->(\w+),\s*(\w+),',
        body(text, "static int32_t table_rules(", where))
    same(where, "table_rules' fields", [n for n, _, _ in reads], names)
    for n, member, words in reads:
        if n != member:
            fail(where, "table_rules reads %s into r->%s" % (n, member))
    lists = {"side": "side_names", "dirs": "dirs_names", "blocked": "blocked_names"}
    same(where, "table_rules' word lists", [w for _, _, w in reads],
         [lists.get(kinds[n], "NULL") for n in names])
    for kind, list_name in lists.items():
        same(where, list_name,
             re.findall(r'"(\w+)"', body(text, list_name + "[] =", where)),
             WORDS[kind])

    flags = re.findall(r'strcmp\(key, "(\w+)"\) == 0',
                       body(text, "static int rules_field(", where))
    same(where, "the fields rules_field also takes a boolean for", flags,
         [n for n in names if kinds[n] == "flag"])


# ---- JavaScript ---------------------------------------------------------


def javascript(root, fields):
    names = [camel(n) for n, _ in fields]
    kinds = [k for _, k in fields]
    size = 4 + 4 * len(fields)

    where = "bindings/js/seega.mjs"
    text = read(root, where)
    entries = re.findall(r'\["(\w+)",\s*("number"|"flag"|\{[^}]*\})\]',
                         body(text, "const FIELDS =", where))
    same(where, "FIELDS", [n for n, _ in entries], names)

    def js_kind(spec):
        if spec in ('"number"', '"flag"'):
            return (spec.strip('"'), None)
        return ("choice", re.findall(r"(\w+):", spec))

    def want_kind(kind):
        if kind == "int":
            return ("number", None)
        if kind == "flag":
            return ("flag", None)
        return ("choice", WORDS[kind])

    same(where, "FIELDS' kinds", [js_kind(s) for _, s in entries],
         [want_kind(k) for k in kinds])
    # The struct's bytes, written where it is allocated.
    for n in re.findall(r"withMemory\((\d+)", body(text, "function withRules(", where)):
        if int(n) != size:
            fail(where, "withRules allocates %s bytes, seega_rules has %d" % (n, size))
    for n in re.findall(r"withMemory\((\d+)", body(text, "function rulesCall(", where)):
        if int(n) != size:
            fail(where, "rulesCall allocates %s bytes, seega_rules has %d" % (n, size))

    where = "bindings/js/seega.d.ts"
    text = read(root, where)
    types = {"int": "number", "flag": "boolean", "side": "Side",
             "dirs": "Directions", "blocked": "BlockedRule"}
    members = re.findall(r"^\s*(\w+): (\w+);",
                         body(text, "export interface RulesFields", where), re.M)
    same(where, "RulesFields", members,
         [(n, types[k]) for n, k in zip(names, kinds)])
    readonly = re.findall(r"^\s*readonly (\w+): (\w+);",
                          body(text, "export class Rules ", where), re.M)
    same(where, "the readonly members of Rules", readonly,
         [(n, types[k]) for n, k in zip(names, kinds)])
    for kind, type_name in (("side", "Side"), ("dirs", "Directions"),
                            ("blocked", "BlockedRule")):
        m = re.search(r"export type %s = ([^;]*);" % type_name, text)
        if not m:
            fail(where, "type %s not found" % type_name)
        else:
            same(where, "type %s" % type_name,
                 re.findall(r'"(\w+)"', m.group(1)), WORDS[kind])

    where = "bindings/js/layout.c"
    m = re.search(r"sizeof\(seega_rules\) == (\d+)", read(root, where))
    if not m:
        fail(where, "the size of seega_rules is not checked")
    elif int(m.group(1)) != size:
        fail(where, "seega_rules of %s bytes, the table gives %d" % (m.group(1), size))


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    out = subprocess.run([sys.argv[1]], check=True, stdout=subprocess.PIPE,
                         universal_newlines=True).stdout
    fields = [tuple(line.split()) for line in out.splitlines()]
    if not fields or any(len(f) != 2 for f in fields):
        sys.exit("%s printed no fields, or not 'name kind' lines" % sys.argv[1])
    root = sys.argv[2]
    for check in (python, lua, javascript):
        check(root, fields)
    for e in errors:
        print("FAIL " + e)
    if errors:
        print("%d difference(s) from lib/core/rules_fields.h" % len(errors))
        return 1
    print("%d fields; the Python, Lua and JavaScript bindings list them alike"
          % len(fields))
    return 0


if __name__ == "__main__":
    sys.exit(main())
