#!/usr/bin/env bash
# Installs into a temporary home as the README says, checks that man, bash, zsh and fish find what
# was installed with nothing else to do (zsh after the fpath line the README gives), then uninstalls
# and checks that everything the install put there is gone.
set -euo pipefail
cd "$(dirname "$0")/.."

home=$(mktemp -d)
trap 'rm -rf -- "$home"' EXIT
prefix="$home/.local"
fail() { echo "install check: $*" >&2; exit 1; }
# A clean environment, as a new terminal of a user whose home is the temporary one.
user() { env -i HOME="$home" PATH="$prefix/bin:/usr/bin:/bin" LANG=C.UTF-8 TERM=dumb "$@"; }

PREFIX=$prefix bash install.sh >/dev/null
manifest="$prefix/lib/project/install-manifest"
[ -f "$manifest" ] || fail "no manifest at $manifest"

user project --version | grep -q "^project [0-9]" || fail "the installed project does not run"
# The installed binary starts the programs it runs, the writer's editor for `open` and the converters
# for `compile`: it is linked statically, where a C function looked up by name at run time is missing,
# so only this binary can show that it still starts them.
user env PROJECT_STORE="$home/store.json" PROJECT_ROOT="$home/Writing" project add "Harbour Lights" >/dev/null
user env PROJECT_STORE="$home/store.json" EDITOR=true project open "Harbour Lights" </dev/null \
    || fail "the installed project cannot start the writer's editor"
[ "$(user man -w project-move)" = "$prefix/share/man/man1/project-move.1" ] || fail "man does not find project-move"
[ "$(user env LANGUAGE=fr man -w project)" = "$prefix/share/man/fr/man1/project.1" ] || fail "LANGUAGE=fr man does not find the French page"
user env LANGUAGE=fr MANWIDTH=80 man project 2>/dev/null | grep -q "Manuel de project" || fail "the French page does not render"

user bash -c '. /usr/share/bash-completion/bash_completion; __load_completion project; complete -p project' \
    | grep -q "_project_complete" || fail "bash-completion does not load the installed script"
user zsh -fc "fpath=($prefix/share/zsh/site-functions \$fpath); autoload -U compinit; compinit -u -D; print \$_comps[project]" \
    | grep -qx "_project" || fail "zsh does not find _project"
user fish -c 'complete -C "project ren"' | grep -q "^rename" || fail "fish does not complete with the installed script"

PREFIX=$prefix bash install.sh --uninstall >/dev/null
# What is left under the prefix, looked at rather than taken from the installer's own record: only what
# was made by running programs, not by the installer, and the folders holding it: fish's history under
# share/fish, and the identity the tool gave this machine under state/project, the writer's, kept.
left=$(find "$prefix" \( -path "$prefix/share/fish" -o -path "$prefix/state/project" \) -prune -o -type d ! -empty -o -print)
[ -z "$left" ] || fail "uninstall left behind: $left"
echo "install check: installed, found by man, bash, zsh and fish, and removed"
