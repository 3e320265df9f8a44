#!/bin/sh
# Check the subjects of the commits after a recorded base commit (see
# docs/contributing.md, "Commit messages"):
#
#   tests/check_commits.sh [BASE]
#
# Every commit in BASE..HEAD must have a subject of at most 72 characters;
# every one but a merge must also start with an area prefix: a lowercase
# word, then a colon and a space (`perft: ...`, `seega-bench: ...`; the
# area may hold digits and - _ / .). Each offender is printed with its
# short hash, and the exit status is 1.
#
# BASE defaults to the commit recorded below, the last commit whose subject
# broke these rules: the history up to it is kept as it is. A branch can be
# checked against where it forked: tests/check_commits.sh origin/main.
#
# The check needs the history from BASE to HEAD. Without it (a shallow
# clone, or a history that does not contain BASE) it says so and fails:
# a check that silently checked nothing would pass anything. Run
# `git fetch --unshallow` (or clone without --depth) and run it again.
# Outside a git work tree of its own (a release tarball, an export, even
# one unpacked inside another repository) there is no history to check: it
# says so and exits 0. That is the only case it passes without checking.
set -eu

# The last commit whose subject breaks the rules ("seega-bench: read_line
# parses ...", 187 characters; many before it are longer still or have no
# area prefix). History is not rewritten, so the rules hold from the next
# commit on.
recorded=389938ca75171e8ec4907b4ca2523239746110d7

here=$(cd "$(dirname "$0")/.." && pwd)
base=${1:-$recorded}

if ! command -v git >/dev/null 2>&1; then
    if [ -e "$here/.git" ]; then
        echo "check_commits: $here is a git clone but git is not installed" >&2
        exit 1
    fi
    echo "check_commits: not a git work tree (no git): commit subjects not checked"
    exit 0
fi
if ! git -C "$here" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    if [ -e "$here/.git" ]; then
        # E.g. git refusing a clone owned by another user (safe.directory).
        echo "check_commits: git cannot read the repository in $here:" >&2
        git -C "$here" rev-parse --is-inside-work-tree >&2 || true
        exit 1
    fi
    echo "check_commits: $here is not a git work tree: commit subjects not checked"
    exit 0
fi

g() { git -C "$here" "$@"; }

top=$(cd "$(g rev-parse --show-toplevel)" && pwd)
if [ "$top" != "$here" ]; then
    # E.g. a tarball unpacked inside another repository's work tree.
    echo "check_commits: $here is not the top of a git work tree ($top is): commit subjects not checked"
    exit 0
fi

if ! g rev-parse -q --verify "$base^{commit}" >/dev/null; then
    if [ "$(g rev-parse --is-shallow-repository)" = true ]; then
        echo "check_commits: base commit $base is not in this shallow clone;" >&2
        echo "  fetch the whole history (git fetch --unshallow) and run it again" >&2
    else
        echo "check_commits: base commit $base is not in this repository" >&2
    fi
    exit 1
fi
if ! g merge-base --is-ancestor "$base" HEAD; then
    echo "check_commits: base commit $base is not an ancestor of HEAD" >&2
    exit 1
fi
if [ "$(g rev-parse --is-shallow-repository)" = true ]; then
    # A commit after BASE whose parents the clone cut off (the side of a
    # merge): the history behind it is missing.
    after=$(g rev-list "$base..HEAD")
    while read -r c; do
        if printf '%s\n' "$after" | grep -qx "$c"; then
            echo "check_commits: the history after $base is cut by a shallow clone;" >&2
            echo "  fetch the whole history (git fetch --unshallow) and run it again" >&2
            exit 1
        fi
    done <"$(g rev-parse --absolute-git-dir)/shallow"
fi

# Count characters, not bytes, where a UTF-8 locale exists.
LC_ALL=C.UTF-8
export LC_ALL

short=$(g rev-parse --short "$base^{commit}")
bad=0 count=0
tab=$(printf '\t')
# One line a commit: short hash, number of parents, subject.
lines=$(g log --format="%h$tab%p$tab%s" "$base..HEAD")
while IFS="$tab" read -r hash parents subject; do
    [ -n "$hash" ] || continue
    count=$((count + 1))
    len=$(printf '%s' "$subject" | wc -m)
    if [ "$len" -gt 72 ]; then
        echo "$hash: subject is $len characters (at most 72): $subject"
        bad=1
    fi
    case $parents in
    *" "*) continue ;;  # a merge: git wrote its subject
    esac
    if ! printf '%s\n' "$subject" | grep -Eq '^[a-z][a-z0-9._/-]*: [^ ]'; then
        echo "$hash: no area prefix ('area: ...'): $subject"
        bad=1
    fi
done <<EOF
$lines
EOF

if [ "$bad" != 0 ]; then
    echo "check_commits: some of the $count commits after $short break the subject rules (docs/contributing.md)"
    exit 1
fi
echo "check_commits: the $count commits after $short have area-prefixed subjects of at most 72 characters"
