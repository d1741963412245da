#!/usr/bin/env bash
# Installs what the tests need beyond the Swift toolchain, only what is missing:
# - util-linux's `setpriv` (to run the tool as `nobody`), `flock` (to hold a store's lock) and
#   `setsid` (to give a shell its own terminal), for the reliability and shell tests, and its
#   `unshare` and `nsenter` (network namespaces), for the sync tests;
# - bash-completion, zsh and fish, for the real-shell completion tests;
# - vim-tiny (`vim.tiny`), a real terminal editor for the `open` tests, which type into it at a
#   pseudo-terminal that bash controls, as a writer would;
# - man-db and groff-base, for the manual page tests;
# - libfiu's fiu-utils (`fiu-run`), for the fault-injection test, which makes POSIX calls fail at random;
# - hunspell and Debian's French, German, Spanish and American English dictionaries, for the
#   spelling test of the message tables;
# - pandoc, WeasyPrint, unzip, epubcheck and poppler-utils, for the compile tests that make DOCX, ODT,
#   HTML, EPUB and PDF files and read them back;
# - LibreOffice Writer without its windows (`soffice`, Debian's libreoffice-writer-nogui) and the
#   Liberation fonts (Times New Roman's metric twin), for the compile test that opens every DOCX and
#   ODT in a real word processor and reads the PDF it prints back with poppler; and its Calc
#   (libreoffice-calc-nogui), for the test that opens `submissions --csv` as a spreadsheet;
# - git, for the sync tests (a bare repository on local disk is the remote), and faketime, for the
#   machines whose clocks are wrong;
# - screenplain, the Fountain renderer, from PyPI (with pip, which Debian's python3-pip brings), for
#   the script tests;
# - Debian's syncthing, iproute2 (`ip`) and curl, for the sync tests: they run real Syncthing
#   instances, each test's inside a network namespace of its own (`unshare -n`) whose loopback `ip`
#   brings up, so nothing they send can leave the machine; curl reaches their REST API in there.
# The full-disk test mounts a tmpfs itself (it needs root, as CI has); the permission test needs the
# `nobody` user, present on every Debian system. Without these the tests fail, saying why.
set -euo pipefail

packages=()
need() {  # need <package> <file or command>…: the package, if any of them is missing
    local package=$1 thing
    shift
    for thing in "$@"; do
        case $thing in
        /*) [ -e "$thing" ] && continue ;;
        *) command -v "$thing" >/dev/null 2>&1 && continue ;;
        esac
        packages+=("$package")
        return
    done
}
need util-linux setpriv flock setsid unshare nsenter
need bash-completion /usr/share/bash-completion/bash_completion
need zsh zsh
need fish fish
need vim-tiny /usr/bin/vim.tiny
need man-db man
need groff-base groff
need fiu-utils fiu-run
need hunspell hunspell
need hunspell-fr /usr/share/hunspell/fr_FR.dic
need hunspell-de-de /usr/share/hunspell/de_DE.dic
need hunspell-es /usr/share/hunspell/es_ES.dic
need hunspell-en-us /usr/share/hunspell/en_US.dic
need pandoc pandoc
need unzip unzip
need epubcheck /usr/share/java/epubcheck.jar
need weasyprint weasyprint
need poppler-utils pdftotext pdfinfo
need libreoffice-writer-nogui soffice
need libreoffice-calc-nogui /usr/lib/libreoffice/program/libsclo.so
need fonts-liberation /usr/share/fonts/truetype/liberation/LiberationSerif-Regular.ttf
need git git
need faketime faketime
need syncthing syncthing
need iproute2 ip
need curl curl
python3 -m pip --version >/dev/null 2>&1 || packages+=(python3-pip)

# screenplain from PyPI, once the packages are there: as root on Debian, pip must be told that it may
# install beside the system's packages (PEP 668); Python versions before that refuse the flag.
install_screenplain() {
    command -v screenplain >/dev/null 2>&1 && return
    echo "test tools: installing screenplain from PyPI"
    python3 -m pip install --quiet screenplain 2>/dev/null \
        || python3 -m pip install --quiet --break-system-packages screenplain
}

if [ ${#packages[@]} -eq 0 ]; then
    install_screenplain
    echo "test tools: all present"
    exit 0
fi

echo "test tools: installing ${packages[*]}"
sudo=()
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then sudo=(sudo); else
        echo "test tools: not root and no sudo: install ${packages[*]} yourself (the tests that need them will fail)" >&2
        exit 1
    fi
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "test tools: no apt-get: install ${packages[*]} with this system's package manager" >&2
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${packages[@]}"
# Debian before 11 shipped setpriv in a package of its own.
command -v setpriv >/dev/null 2>&1 || "${sudo[@]}" apt-get install -y -qq --no-install-recommends setpriv
install_screenplain
echo "test tools: installed"
