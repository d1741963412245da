#!/usr/bin/env bash
# Installs project: the static release binary, its manual pages in English, French, German and
# Spanish, and its bash, zsh and fish completions, under PREFIX (default ~/.local), where each tool
# looks. Everything it puts there is listed in PREFIX/lib/project/install-manifest, which
# --uninstall reads to remove exactly that.
#
#   bash install.sh                      build and install under ~/.local
#   PREFIX=/usr/local bash install.sh    a system-wide install (as root)
#   bash install.sh --uninstall          remove what the install under PREFIX put there
set -euo pipefail
cd "$(dirname "$0")"

prefix=${PREFIX:-$HOME/.local}
manifest_dir="$prefix/lib/project"
manifest="$manifest_dir/install-manifest"

# The manifest holds one line per file (`file <path>`) and per folder the install had to create
# (`folder <path>`), in the order they were made.
uninstall() {
    [ -f "$manifest" ] || return 0
    local kind path folders=()
    while IFS=' ' read -r kind path; do
        case $kind in
        file) rm -f -- "$path" ;;
        folder) folders=("$path" "${folders[@]}") ;;
        esac
    done < "$manifest"
    rm -f -- "$manifest"
    # Newest first, and only when empty: a folder that came to hold something else stays.
    for path in "${folders[@]}"; do rmdir --ignore-fail-on-non-empty -- "$path" 2>/dev/null || true; done
    echo "Removed project from $prefix."
}

if [ "${1-}" = "--uninstall" ]; then
    uninstall
    exit 0
elif [ $# -gt 0 ]; then
    echo "usage: [PREFIX=<folder>] bash install.sh [--uninstall]" >&2
    exit 2
fi

# The same static build as the README's: the binary stands alone, with every language compiled in.
build=(swift build -c release --static-swift-stdlib -Xswiftc -static-executable)
"${build[@]}"
binary="$("${build[@]}" --show-bin-path)/project"

# Pages and scripts are made by the binary being installed, from its own command specs.
stage=$(mktemp -d)
trap 'rm -rf -- "$stage"' EXIT
"$binary" __man "$stage/man"
for shell in bash zsh fish; do "$binary" completions "$shell" > "$stage/$shell"; done

# A reinstall first removes what the previous one recorded.
uninstall >/dev/null

entries=()
# make_folders <folder>: creates it and its missing parents, recording each one created.
make_folders() {
    local missing=() folder=$1
    while [ ! -d "$folder" ]; do
        missing=("$folder" "${missing[@]}")
        folder=$(dirname -- "$folder")
    done
    for folder in "${missing[@]}"; do
        mkdir -- "$folder"
        entries+=("folder $folder")
    done
}
# place <source> <destination> <mode>
place() {
    make_folders "$(dirname -- "$2")"
    install -m "$3" -- "$1" "$2"
    entries+=("file $2")
}

place "$binary" "$prefix/bin/project" 755
(cd "$stage/man" && find . -name '*.1' | sed 's|^\./||' | sort) > "$stage/pages"
while read -r page; do place "$stage/man/$page" "$prefix/share/man/$page" 644; done < "$stage/pages"
place "$stage/bash" "$prefix/share/bash-completion/completions/project" 644
place "$stage/zsh" "$prefix/share/zsh/site-functions/_project" 644
place "$stage/fish" "$prefix/share/fish/vendor_completions.d/project.fish" 644
make_folders "$manifest_dir"
printf '%s\n' "${entries[@]}" "file $manifest" > "$manifest"

echo "Installed project under $prefix: the binary, $(wc -l < "$stage/pages") manual pages, bash, zsh and fish completions."
case ":$PATH:" in
*":$prefix/bin:"*) ;;
*) echo "Add $prefix/bin to your PATH to run it (and let man find its pages)." ;;
esac
echo "Remove it with: PREFIX=$prefix bash install.sh --uninstall"
