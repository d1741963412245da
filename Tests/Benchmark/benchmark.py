#!/usr/bin/env python3
"""Side-by-side benchmark of `project` against Taskwarrior and todo.txt (issue 4), and the cost of
the project folders of issue 8: `add` with its folders against `add --no-folder`, and every command
against the build of an older commit (`--baseline`, by default the commit before issue 8); and the
cost of the history of issue 10: every change with its history against the build from before history
(`--history-baseline`), and `undo` and `redo` against the change they reverse; and the cost of
sharing a root between machines (issue 15).

Run it through its wrapper, from anywhere:

    bash Tests/Benchmark/run.sh                 # full run: 1,000, 10,000 and 100,000 projects,
                                                # rewrites the generated part of docs/performance.md
    bash Tests/Benchmark/run.sh --check         # CI: 1,000 projects, 3 runs, a functional check only
    bash Tests/Benchmark/run.sh --words-only    # only the word-count rows of issue 9, printed
    bash Tests/Benchmark/run.sh --history-only  # only the history rows of issue 10 (1,000 and 10,000), printed
    bash Tests/Benchmark/run.sh --compile-only  # only the compile rows of issue 16, printed
    bash Tests/Benchmark/run.sh --versions-only # only the version rows of issue 29, printed
    bash Tests/Benchmark/run.sh --submissions-only # only the submission rows of issue 30, printed
    bash Tests/Benchmark/run.sh --sync-only     # only the sync rows of issue 15 (1,000 and 10,000), printed
                                                # and put in place of their section in docs/performance.md
    bash Tests/Benchmark/run.sh --progress-only --baseline b2346ce   # only the progress rows of issue 31, into docs/performance.md
    bash Tests/Benchmark/run.sh --help          # every option

What it does:
  1. builds the release binary the way the README installs it
     (`swift build -c release --static-swift-stdlib -Xswiftc -static-executable`, in its own scratch folder .build-bench),
     unless --binary PATH is given; and, for the before-and-after rows, the same build of the
     --baseline commit, exported with `git archive` into .build-bench-baseline/<commit> (not with
     --check unless asked, and not with --baseline none);
  2. installs the peers from Debian's packages when they are missing (`taskwarrior` gives `task`,
     `todotxt-cli` gives `todo-txt`, which is upstream's `todo.sh`), unless --no-peers;
  3. builds a static hello-world Swift binary, the floor for start-up time;
  4. makes stores of each size with realistic, seeded names: ours with `project import`,
     Taskwarrior's with `task import`, todo.txt's as a file; the baseline's with its own
     `project import` of the same document (the format it writes); and, for the folder rows, a
     store whose projects each have their folder in that size's root, with those folders made;
  5. times each command as a whole process (spawn to exit): one warm-up, then --runs runs,
     interleaving ours, the baseline's or `--no-folder`'s, and the peers' so that all see the same
     machine; reports the median wall time and the peak resident memory (max ru_maxrss from wait4
     over the runs);
  6. verifies every result of ours (exit status, line counts, order, the effect of each change) and
     writes the tables and the computed verdict on each target of issues 4 and 8 into
     docs/performance.md, below the marker line (the prose above it is kept);
  7. times `project files` and `project list --words` on generated manuscripts against `wc -w`
     reading the same files (issue 9), checks our counts, and appends their section;
  8. at 1,000 and 10,000 projects, with a history of 100 recent changes (and again with the entry of
     the import that made the store in it), times every changing command against the release build
     of the commit before history (`--history-baseline`, not with --check), and each change against
     its `undo` and its `redo` (--check: only these, as a functional check), and appends their section;
  9. times `project compile --to md` on a novel of 150,000 words in 60 chapter files (issue 16),
     checks its chapters and words, times pandoc's DOCX of the same Markdown beside it, and appends
     their section;
 10. at 1,000 and 10,000 projects, times every command in a shared root (`project sync --init`, a
     second machine's log beside this one's) against the same command in an unshared root; at 1,000
     projects, the first `list` after another machine made 1,000 changes against a `list` with nothing
     to take in, and `project sync` with nothing to do (a bare remote on local disk) against the git
     commands it runs, run alone from a shell script; and appends their section.

Everything runs in a private temporary folder: our binary always gets --store, the peers get a
private TASKRC/TASKDATA and todo.txt config, and HOME points into the temporary folder.
Only the Python standard library is used.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import unicodedata
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Optional

REPO = Path(__file__).resolve().parents[2]
DOC = REPO / "docs" / "performance.md"
SCRATCH = ".build-bench"
BUILD_COMMAND = ["swift", "build", "-c", "release", "--static-swift-stdlib", "-Xswiftc", "-static-executable",
                 "--scratch-path", SCRATCH]
MARKER = "<!-- benchmark: everything below this line is generated by Tests/Benchmark/benchmark.py; write prose above it -->"
BASELINE_SCRATCH = ".build-bench-baseline"   # one folder per baseline commit: its source and its build
# The commit before issue 8 (every project a folder): what `--baseline` compares with unless told.
DEFAULT_BASELINE = "5b6feef"
FOLDER_TARGET = 1.25     # issue 8: add with its folders within 1.25x of add --no-folder
BEFORE_AFTER_TARGET = 1.10   # issue 8: no existing command more than 10 % slower than before it
NOVEL_FOLDERS = ["Chapters", "Scenes", "Characters", "Locations", "Research", "Set Aside"]
LARGE = 100_000          # from this size on, --runs-large applies
DEFAULT_SIZES = "1000,10000,100000"
DEFAULT_PEER_SIZES = "1000,10000"
SEED = 20240501
LOCALE = "C.UTF-8"
OTHER_LOCALE = "sv_SE.UTF-8"
KINDS = ["blank", "novel", "poetry", "script", "short-story"]

# --------------------------------------------------------------------------------------------
# Output


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def fail(message: str) -> "NoReturn":  # type: ignore[name-defined]
    log(f"benchmark: {message}")
    sys.exit(1)


# --------------------------------------------------------------------------------------------
# Names: realistic, seeded, distinct ignoring letter case and Unicode normalization

ADJECTIVES = [
    "Long", "Silent", "Broken", "Golden", "Hidden", "Last", "Little", "Dark", "Wild", "Lost", "Blue",
    "Red", "Quiet", "Northern", "Bitter", "Sweet", "Empty", "Burning", "Secret", "Frozen", "Distant",
    "Crooked", "Gentle", "Hollow", "Iron", "Paper", "Salt", "Second", "Small", "Strange", "Tender",
    "Velvet", "Winter", "Summer", "Autumn", "Spring", "Forgotten", "Drowned", "Painted", "Sleeping",
    "Wandering", "Borrowed", "Unfinished", "Late", "Early", "Narrow", "Open", "Bright", "Pale", "Green",
]
NOUNS = [
    "Winter", "River", "House", "Garden", "Letters", "Sonnets", "Harbour", "Mountain", "Daughter",
    "Machine", "Orchard", "Lighthouse", "Storm", "Mirror", "Island", "City", "Road", "Song", "Elegy",
    "Ballad", "Kingdom", "Station", "Voyage", "Window", "Forest", "Bridge", "Season", "Stranger",
    "Widow", "Archive", "Atlas", "Cartographer", "Weather", "Saints", "Orphans", "Tides", "Embers",
    "Ghosts", "Hours", "Maps", "Pilgrim", "Sisters", "Brothers", "Evening", "Morning", "Night",
    "Shore", "Valley", "Field", "Fire", "Glass", "Clockmaker", "Beekeeper", "Ferryman", "Lantern",
]
PEOPLE = [
    "Anna", "Marguerite", "Søren", "Zoë", "José", "François", "Björn", "Inês", "Łukasz", "Chloé",
    "Jürgen", "Agnès", "Niamh", "Renée", "Maël", "Dvořák", "Núria", "Åsa", "Hélène", "Ramón",
]
# Words with accents and other letters beyond ASCII: French, German, Spanish, Swedish, Portuguese,
# Polish, Czech, Icelandic, Turkish.
FOREIGN = [
    "Été", "Café", "Mémoire", "Forêt", "Cœur", "Rêve", "Élégie", "Crépuscule", "Fenêtre", "Château",
    "Noël", "Garçon", "Leçon", "Maïs", "Über", "Mädchen", "Brücke", "Größe", "Straße", "Schön",
    "Märchen", "Frühling", "Köln", "Österreich", "Niño", "Señora", "Mañana", "Corazón", "Canción",
    "Años", "Montaña", "Invierno", "Ödet", "Sjö", "Björk", "Ängel", "Kärlek", "Hav", "Ørken",
    "Fjörður", "Ação", "Coração", "Irmão", "Saudade", "Łódź", "Żółw", "Čas", "Příběh", "Şiir",
    "Gölge", "Ñandú", "Øya", "Århus", "Déjà", "Naïve", "Mère", "Père", "Sœur", "Lumière",
]
JOINERS_FOREIGN = ["à", "de", "y", "und", "och", "e", "et", "i", "la", "le", "el", "der", "die"]
CJK = [
    "雪国", "春の夢", "月光", "东京物语", "山の音", "红楼梦", "静かな海", "夜の雨", "花火", "北京的秋天",
    "사랑", "바다의 노래", "風の歌", "桜", "家族", "短編集", "詩集", "台本", "小説", "夏の庭", "城南旧事",
    "故乡", "달빛", "서울의 봄", "猫の手紙",
]
EMOJI = ["🌙", "🔥", "📚", "✨", "🌊", "🕯️", "❤️", "👩‍💻", "🌹", "🐉", "☕", "🎭", "🌻", "🦊", "⭐"]
SHORT = ["Ode", "Fog", "Ash", "Ice", "Elk", "Yew", "Rue", "Ivy", "Oak", "Sea", "Kin", "Été", "Ève",
         "Rain", "Dusk", "Salt", "Moth", "Wren", "Ruin", "Fable", "Coda", "Haiku", "Psalm", "Envoi"]
SERIES = ["Draft", "Chapter", "Part", "Act", "Scene", "Poem", "Canto", "Episode", "Book", "Volume",
          "Story", "Letter", "Sketch", "Study", "Version", "Notebook"]
AFTER_SERIES = ["notes", "outline", "revisions", "ideas", "final", "first pass", "cuts", "research"]
DETAILS = [
    "First draft due in March", "For Anna", "Submit to the spring anthology", "Needs a new ending",
    "Agent asked for the first three chapters", "Research: tides, lighthouses, Brittany",
    "Für Oma, zum Geburtstag", "Premier jet terminé", "Revisar el segundo acto",
    "Notes:\n- tighten the middle\n- rename the sister", "冬までに書き終える", "Word count goal: 80,000",
    "Competition deadline 30 June", "Outline only", "Read aloud at the workshop on Thursday",
]
# Placed in every store so that the checks can verify the orders: natural numbers and the locale.
ANCHORS = ["Draft 2", "Draft 10", "Oak", "Ödet", "Zebra crossing", "Chapter 3 notes"]


def coarse_key(name: str) -> str:
    """A key at least as coarse as the tool's duplicate rule (case and normalization): no accents,
    case folded, compatibility forms folded, so two names with different keys never clash."""
    decomposed = unicodedata.normalize("NFKD", name)
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(bare.casefold().split())


def roman(n: int) -> str:
    out = ""
    for value, letters in ((10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")):
        while n >= value:
            out += letters
            n -= value
    return out


def candidate(rng: random.Random) -> str:
    r = rng.random()
    adj, noun = rng.choice(ADJECTIVES), rng.choice(NOUNS)
    noun2 = rng.choice([n for n in NOUNS if n != noun])
    if r < 0.05:                                                   # CJK, about 5%
        c = rng.choice(CJK)
        return rng.choice([c, f"{c} {rng.randint(1, 30)}", f"第{rng.randint(1, 40)}章 {c}",
                           f"{c}：{rng.choice(CJK)}", f"{c} ({noun})", f"{adj} {noun} {c}"])
    if r < 0.08:                                                   # emoji, about 3%
        e = rng.choice(EMOJI)
        return rng.choice([f"{adj} {noun} {e}", f"{e} {noun}", f"{noun} of {noun2} {e}"])
    if r < 0.24:                                                   # numbers inside names
        s, n = rng.choice(SERIES), rng.randint(1, 120)
        return rng.choice([
            f"{s} {n}", f"{s} {n} {rng.choice(AFTER_SERIES)}", f"{s} {n}: {adj} {noun}",
            f"{noun} {n}", f"{adj} {noun}, {s.lower()} {n}", f"Act {roman(rng.randint(1, 5))} scene {n % 9 + 1}",
            f"Poems {rng.randint(1990, 2025)}", f"{s} {n} of {noun}", f"{n} {noun}",
            f"{noun} ({rng.randint(1990, 2025)})",
        ])
    if r < 0.44:                                                   # accents
        a, b = rng.choice(FOREIGN), rng.choice(FOREIGN)
        return rng.choice([
            f"{a} {rng.choice(JOINERS_FOREIGN)} {b}", f"{adj} {a}", f"{a} {b}", f"{noun} for {rng.choice(PEOPLE)}",
            f"{rng.choice(PEOPLE)}'s {noun}", f"Les {a.lower()}s", f"{a}", f"{a} {rng.randint(1, 20)}",
        ])
    if r < 0.50:                                                   # short
        return rng.choice(SHORT)
    if r < 0.58:                                                   # long, up to 60 characters
        target = rng.randint(40, 60)
        words = ["The", adj, noun]
        pool = ADJECTIVES + NOUNS + FOREIGN + ["and", "of", "the", "in", "for", "beyond", "under"]
        while len(" ".join(words)) < target:
            words.append(rng.choice(pool))
        return " ".join(words)
    return rng.choice([                                            # plain English titles
        f"{adj} {noun}", f"The {adj} {noun}", f"{noun} of the {noun2}", f"{noun} and {noun2}",
        f"A {noun} for {rng.choice(PEOPLE)}", f"The {noun}", f"{adj} {noun} {noun2}",
        f"Notes on {noun}", f"After the {noun}",
    ])


def fit(name: str) -> str:
    name = " ".join(name.split())
    if len(name) > 60:
        name = name[:60]
        if " " in name:
            name = name[: name.rindex(" ")]
        name = name.rstrip(" ,:;–-(")
    return name


def make_names(count: int, rng: random.Random, taken: set[str]) -> list[str]:
    names: list[str] = []
    for anchor in ANCHORS[: count]:
        taken.add(coarse_key(anchor))
        names.append(anchor)
    suffixes = [" {n}", " ({n})", " – part {n}", " v{n}", " #{n}", ", take {n}"]
    while len(names) < count:
        name = fit(candidate(rng))
        if len(name) < 3:
            continue
        base = name
        # A clash first gets a few tries with words, as a writer would do, then a number.
        for _ in range(3):
            if coarse_key(name) not in taken:
                break
            name = fit(rng.choice([
                f"{base} for {rng.choice(PEOPLE)}", f"{base}, {rng.choice(FOREIGN).lower()}",
                f"{base} ({rng.choice(ADJECTIVES).lower()})", f"{base}, {rng.choice(SERIES).lower()} draft",
                f"{base} revisited", f"{base}: {rng.choice(NOUNS).lower()}",
            ]))
        n = 2
        style = rng.choice(suffixes)
        while coarse_key(name) in taken:
            suffix = style.format(n=n)
            name = fit(base[: 60 - len(suffix)]) + suffix
            n += rng.randint(1, 3)
        taken.add(coarse_key(name))
        names.append(name)
    return names


@dataclass
class Item:
    id: str
    name: str
    kind: str
    created: dt.datetime
    details: Optional[str]


def make_items(count: int, seed: int) -> tuple[list[Item], set[str]]:
    rng = random.Random(seed)
    taken: set[str] = set()
    names = make_names(count, rng, taken)
    rng.shuffle(names)                      # anchors anywhere in the writer's order
    start = dt.datetime(2012, 1, 1, tzinfo=dt.timezone.utc)
    span_ms = int((dt.datetime(2026, 1, 1, tzinfo=dt.timezone.utc) - start).total_seconds() * 1000)
    items = []
    for name in names:
        items.append(Item(
            id=str(uuid.UUID(int=rng.getrandbits(128), version=4)),
            name=name,
            kind=rng.choice(KINDS),
            created=start + dt.timedelta(milliseconds=rng.randrange(span_ms)),
            details=rng.choice(DETAILS) if rng.random() < 0.3 else None,
        ))
    return items, taken


def folder_name(name: str) -> str:
    """A project's folder name by the rules of issue 8: NFC, each of / \\ : * ? " < > | made `-`, no
    leading dot, no trailing dot or space, at most 255 bytes, `Project` if nothing is left."""
    text = unicodedata.normalize("NFC", name)
    for c in '/\\:*?"<>|':
        text = text.replace(c, "-")
    text = text.lstrip(".")
    while len(text.encode("utf-8")) > 255:
        text = text[:-1]
    return text.rstrip(". ") or "Project"


def store_version(path: Path) -> Optional[int]:
    """The format version a store file declares, or None if it cannot be read."""
    try:
        return json.loads(path.read_text(encoding="utf-8")).get("version")
    except (OSError, ValueError):
        return None


def iso_ms(t: dt.datetime) -> str:
    return t.strftime("%Y-%m-%dT%H:%M:%S.") + f"{t.microsecond // 1000:03d}Z"


def name_stats(names: list[str]) -> dict:
    def has(pred):
        return sum(1 for n in names if any(pred(c) for c in n)) * 100.0 / len(names)

    def accented(c):
        return ord(c) > 127 and "LATIN" in unicodedata.name(c, "")

    def cjk(c):
        o = ord(c)
        return 0x3040 <= o <= 0x30FF or 0x4E00 <= o <= 0x9FFF or 0xAC00 <= o <= 0xD7AF or 0x3000 <= o <= 0x303F

    def emoji(c):
        o = ord(c)
        return o >= 0x1F300 or 0x2600 <= o <= 0x27BF

    lengths = [len(n) for n in names]
    return {
        "min": min(lengths), "max": max(lengths), "mean": statistics.mean(lengths),
        "accented": has(accented), "cjk": has(cjk), "emoji": has(emoji),
        "digits": has(str.isdigit),
    }


# --------------------------------------------------------------------------------------------
# Manuscripts: folders of Markdown chapters for the word-count rows (issue 9)

PROSE_WORDS = [
    "the", "and", "she", "he", "was", "had", "said", "into", "light", "river", "house", "window", "long",
    "night", "morning", "letter", "again", "nothing", "remembered", "under", "between", "slowly", "never",
    "garden", "mother", "father", "sister", "station", "winter", "summer", "voice", "door", "hands", "stone",
    "it's", "didn't", "well-known", "half-open", "o'clock", "1984", "twelve", "harbour", "kitchen", "quiet",
]
PROSE_FOREIGN = [word.lower() for word in FOREIGN] + ["l’homme", "aujourd’hui", "c’était", "naïve", "déjà"]
# Japanese sentences, each with the number of words a writer's word processor gives it: one per
# kanji, hiragana and katakana character; the full stops are punctuation.
JAPANESE = [("彼女は静かに窓を開けた。", 11), ("雪が降っていた。", 7), ("駅まで歩いた。", 6),
            ("手紙はまだ届かない。", 9), ("コーヒーを飲んだ。", 8)]


def make_manuscript(folder: Path, words: int = 2_000_000, files: int = 400, seed: int = SEED) -> int:
    """Writes a manuscript of Markdown chapters into `folder` (made if missing): `files` files of about
    `words / files` words each, in four part folders, with headings, emphasis, accented words and a
    Japanese sentence now and then. Returns the exact count by issue 9's rules, to check ours."""
    rng = random.Random(seed)
    total = 0
    per_file = words // files
    for number in range(1, files + 1):
        part = folder / f"Part {(number - 1) * 4 // files + 1}"
        part.mkdir(parents=True, exist_ok=True)
        lines = [f"# Chapter {number}", ""]
        counted = 2
        while counted < per_file:
            sentences = []
            for _ in range(rng.randint(3, 7)):
                if rng.random() < 0.03:
                    text, count = rng.choice(JAPANESE)
                    sentences.append(text)
                    counted += count
                    continue
                length = rng.randint(6, 18)
                chosen = [rng.choice(PROSE_FOREIGN if rng.random() < 0.08 else PROSE_WORDS) for _ in range(length)]
                chosen[0] = chosen[0][0].upper() + chosen[0][1:]
                if rng.random() < 0.2:
                    i = rng.randrange(length)
                    chosen[i] = f"*{chosen[i]}*"
                if length > 8 and rng.random() < 0.5:
                    chosen[length // 2] += ","
                sentences.append(" ".join(chosen) + rng.choice([".", ".", ".", "?", "!"]))
                counted += length
            lines.append(" ".join(sentences))
            lines.append("")
        (part / f"Chapter {number}.md").write_text("\n".join(lines), encoding="utf-8")
        total += counted
    return total


# --------------------------------------------------------------------------------------------
# Running one process


@dataclass
class Outcome:
    ns: int
    maxrss_kib: int
    code: int
    out: str
    err: str
    cpu_us: int


def spawn(argv: list[str], env: dict, scratch: Path, launcher: Optional[Path]) -> Outcome:
    """Runs one process with standard input from /dev/null and its output to files, and returns its
    wall time (spawn to reaped) and the ru_maxrss that wait4 reports. Through the small compiled
    launcher (launcher.c) when there is one: a process spawned straight from Python reports at least
    Python's own resident size as its peak."""
    out_path, err_path, result_path = scratch / "stdout", scratch / "stderr", scratch / "result"
    if launcher:
        command = [str(launcher), str(result_path), str(out_path), str(err_path), *argv]
        pid = os.posix_spawn(command[0], command, env)
        _, status, _ = os.wait4(pid, 0)
        if os.waitstatus_to_exitcode(status) != 0:
            fail(f"the launcher could not run {argv[0]}")
        ns, rss, code, cpu_us = (int(v) for v in result_path.read_text().split())
    else:
        flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC
        actions = [
            (os.POSIX_SPAWN_OPEN, 0, os.devnull, os.O_RDONLY, 0),
            (os.POSIX_SPAWN_OPEN, 1, str(out_path), flags, 0o600),
            (os.POSIX_SPAWN_OPEN, 2, str(err_path), flags, 0o600),
        ]
        start = time.perf_counter_ns()
        pid = os.posix_spawn(argv[0], argv, env, file_actions=actions)
        _, status, usage = os.wait4(pid, 0)
        ns = time.perf_counter_ns() - start
        rss, code = usage.ru_maxrss, os.waitstatus_to_exitcode(status)
        cpu_us = int((usage.ru_utime + usage.ru_stime) * 1e6)
    return Outcome(ns, rss, code,
                   out_path.read_text(encoding="utf-8", errors="replace"),
                   err_path.read_text(encoding="utf-8", errors="replace"), cpu_us)


def build_launcher(work: Path) -> tuple[Optional[Path], Optional[str]]:
    """Compiles launcher.c with the toolchain's clang (or the system's cc)."""
    swiftc = shutil.which("swiftc")
    candidates = [str(Path(swiftc).resolve().parent / "clang")] if swiftc else []
    candidates += [c for c in (shutil.which("cc"), shutil.which("clang"), shutil.which("gcc")) if c]
    source = Path(__file__).resolve().parent / "launcher.c"
    target = work / "launcher"
    for compiler in candidates:
        if not os.access(compiler, os.X_OK):
            continue
        result = subprocess.run([compiler, "-O2", str(source), "-o", str(target)], capture_output=True, text=True)
        if result.returncode == 0:
            return target, None
    return None, ("no C compiler could build Tests/Benchmark/launcher.c: processes are started from Python, "
                  "so every peak memory figure includes Python's own resident size")


# --------------------------------------------------------------------------------------------
# Cases and rows


@dataclass
class Case:
    label: str                                     # what the table shows, e.g. "task list"
    argv: Callable[[int], list[str]]               # i = 0 is the warm-up
    env: dict
    ours: bool = False
    before: Optional[Callable[[int], None]] = None  # untimed preparation of invocation i
    check: Optional[Callable[[int, Outcome], Optional[str]]] = None
    samples: list = field(default_factory=list)
    cpu: list = field(default_factory=list)
    rss: list = field(default_factory=list)
    failures: list = field(default_factory=list)

    @property
    def median_ms(self) -> Optional[float]:
        return statistics.median(self.samples) / 1e6 if self.samples and not self.failures else None

    @property
    def cpu_ms(self) -> Optional[float]:
        return statistics.median(self.cpu) / 1e3 if self.cpu and not self.failures else None

    @property
    def peak_mib(self) -> Optional[float]:
        return max(self.rss) / 1024.0 if self.rss and not self.failures else None


@dataclass
class Row:
    label: str
    ours: Case
    peers: list
    reset: Callable[[], None]
    verify: Optional[Callable[[], Optional[str]]] = None   # untimed, after the runs
    problems: list = field(default_factory=list)
    # What ours is compared with in a ratio table (ours / reference), measured interleaved with it:
    # the baseline binary for the before-and-after rows, `add --no-folder` for the folder rows.
    reference: Optional[Case] = None
    # Further cases of ours, run in turn after ours and the reference in every round (issue 10: the
    # undo and the redo of the change that `ours` times).
    also: list = field(default_factory=list)


class Bench:
    def __init__(self, args, binary: Path, work: Path, launcher: Optional[Path], baseline: Optional[Path] = None):
        self.args = args
        self.launcher = launcher
        self.binary = binary
        self.baseline = baseline             # the binary of --baseline, or None
        self.work = work
        self.home = work / "home"
        self.home.mkdir()
        self.base_env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": str(self.home),
            "XDG_DATA_HOME": str(self.home / "data"),
            "XDG_CONFIG_HOME": str(self.home / "config"),
            "LANG": LOCALE,
            "TZ": "UTC",
        }
        self.spawn_dir = work / "spawn"
        self.spawn_dir.mkdir()
        self.failures: list[str] = []        # ours only: these fail the run

    def env(self, **extra) -> dict:
        e = dict(self.base_env)
        e.update(extra)
        return e

    def run(self, argv: list[str], env: Optional[dict] = None) -> Outcome:
        return spawn(argv, env or self.base_env, self.spawn_dir, self.launcher)

    def measure(self, row: Row, runs: int, size: int) -> None:
        row.reset()
        cases = [row.ours] + ([row.reference] if row.reference else []) + row.also + row.peers
        for i in range(runs + 1):
            for case in cases:
                if case.failures and not case.ours:
                    continue
                if case.before:
                    case.before(i)
                outcome = self.run(case.argv(i), case.env)
                problem = None
                if outcome.code != 0:
                    first = (outcome.err.strip() or outcome.out.strip()).splitlines()[:1]
                    problem = f"exit {outcome.code}" + (f": {first[0]}" if first else "")
                elif case.check:
                    problem = case.check(i, outcome)
                if problem:
                    case.failures.append(f"run {i}: {problem}")
                    continue
                if i > 0:
                    case.samples.append(outcome.ns)
                    case.cpu.append(outcome.cpu_us)
                    case.rss.append(outcome.maxrss_kib)
        if row.verify and not row.ours.failures:
            problem = row.verify()
            if problem:
                row.problems.append(problem)
        for case in cases:
            if case.failures:
                where = f"[{size:,}] {case.label}"
                log(f"  FAILED {where}: {case.failures[0]}")
                if case.ours:
                    self.failures.append(f"{where}: {case.failures[0]}")
        for problem in row.problems:
            log(f"  WRONG [{size:,}] {row.label}: {problem}")
            self.failures.append(f"[{size:,}] {row.label}: {problem}")
        parts = [f"ours {fmt_ms(row.ours.median_ms)} ms"]
        if row.reference:
            parts.append(f"{row.reference.label} {fmt_ms(row.reference.median_ms)} ms")
        parts += [f"{p.label} {fmt_ms(p.median_ms)} ms" for p in row.also + row.peers]
        log(f"  [{size:,}] {row.label}: " + ", ".join(parts))


def fmt_ms(value: Optional[float]) -> str:
    if value is None:
        return "failed"
    return f"{value:.1f}" if value < 100 else f"{value:.0f}"


def fmt_mib(value: Optional[float]) -> str:
    return "failed" if value is None else f"{value:.1f}"


# --------------------------------------------------------------------------------------------
# Setup: the binaries


def build_release() -> tuple[Path, float]:
    log(f"building: {' '.join(BUILD_COMMAND)}")
    start = time.monotonic()
    result = subprocess.run(BUILD_COMMAND, cwd=REPO)
    if result.returncode != 0:
        fail("the release build failed")
    binary = REPO / SCRATCH / "release" / "project"
    if not binary.exists():
        fail(f"the build did not produce {binary}")
    return binary, time.monotonic() - start


def resolve_commit(revision: str) -> str:
    """The full hash of a commit of this repository, or a failure naming the revision."""
    result = subprocess.run(["git", "rev-parse", "--verify", "--quiet", f"{revision}^{{commit}}"], cwd=REPO,
                            capture_output=True, text=True)
    if result.returncode != 0 or not result.stdout.strip():
        fail(f"--baseline {revision}: not a commit of this repository")
    return result.stdout.strip()


def build_baseline(revision: str) -> tuple[Path, float, str]:
    """Builds the release binary of an older commit for the before-and-after rows, the same way
    as ours, and returns it with the build time and the commit's full hash.

    The commit's tree is exported with `git archive` into `.build-bench-baseline/<hash>/src` (ignored
    by git, never committed) and built with its own scratch folder beside it, so a second run with
    the same baseline only checks that the build is up to date."""
    commit = resolve_commit(revision)
    folder = REPO / BASELINE_SCRATCH / commit
    source = folder / "src"
    if not (source / "Package.swift").exists():
        shutil.rmtree(source, ignore_errors=True)
        source.mkdir(parents=True)
        log(f"exporting {commit[:12]} into {source.relative_to(REPO)}")
        archive = subprocess.Popen(["git", "archive", "--format=tar", commit], cwd=REPO, stdout=subprocess.PIPE)
        unpack = subprocess.run(["tar", "-x", "-C", str(source)], stdin=archive.stdout)
        archive.stdout.close()
        if archive.wait() != 0 or unpack.returncode != 0:
            shutil.rmtree(source, ignore_errors=True)
            fail(f"could not export {commit[:12]} with git archive")
    command = [*BUILD_COMMAND[:-2], "--package-path", str(source), "--scratch-path", str(folder / "build")]
    log(f"building the baseline {commit[:12]}: {' '.join(command)}")
    start = time.monotonic()
    if subprocess.run(command, cwd=REPO).returncode != 0:
        fail(f"the release build of the baseline {commit[:12]} failed")
    binary = folder / "build" / "release" / "project"
    if not binary.exists():
        fail(f"the baseline build did not produce {binary}")
    return binary, time.monotonic() - start, commit


def commit_title(commit: str) -> str:
    """The first line of a commit's message, for the report."""
    result = subprocess.run(["git", "log", "-1", "--format=%s", commit], cwd=REPO, capture_output=True, text=True)
    return result.stdout.strip() if result.returncode == 0 else ""


def build_hello(work: Path) -> Path:
    swiftc = shutil.which("swiftc")
    if not swiftc:
        fail("swiftc is not on PATH")
    folder = work / "hello"
    folder.mkdir()
    (folder / "hello.swift").write_text('print("Hello, world!")\n')
    result = subprocess.run([swiftc, "-O", "-static-stdlib", "hello.swift", "-o", "hello"], cwd=folder,
                            capture_output=True, text=True)
    if result.returncode != 0:
        fail(f"building the hello-world binary failed:\n{result.stderr}")
    return folder / "hello"


PEER_PACKAGES = {"task": "taskwarrior", "todo": "todotxt-cli"}


def find_peers() -> dict:
    return {
        "task": shutil.which("task"),
        "todo": shutil.which("todo.sh") or shutil.which("todo-txt"),
    }


def ensure_peers(install: bool) -> tuple[dict, list[str]]:
    notes = []
    found = find_peers()
    missing = [PEER_PACKAGES[k] for k, v in found.items() if not v]
    if missing and install:
        prefix: list[str] = []
        if os.geteuid() != 0:
            if shutil.which("sudo"):
                prefix = ["sudo", "-n"]
            else:
                notes.append(f"could not install {', '.join(missing)}: not root and no sudo")
                return found, notes
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        log(f"installing the peers: apt-get install -y {' '.join(missing)}")
        ok = subprocess.run(prefix + ["apt-get", "update"], env=env, stdout=subprocess.DEVNULL).returncode == 0
        ok = ok and subprocess.run(prefix + ["apt-get", "install", "-y", *missing], env=env,
                                   stdout=subprocess.DEVNULL).returncode == 0
        if not ok:
            notes.append(f"installing {', '.join(missing)} with apt-get failed")
        found = find_peers()
    for key, path in found.items():
        if not path:
            notes.append(f"{PEER_PACKAGES[key]} is not installed: its column is empty")
    return found, notes


def peer_versions(peers: dict, bench: Bench) -> dict:
    versions = {}
    if peers.get("task"):
        versions["task"] = bench.run([peers["task"], "--version"]).out.strip()
    if peers.get("todo"):
        out = bench.run([peers["todo"], "-V"]).out
        versions["todo"] = out.split("v", 1)[-1].split()[0] if "v" in out else "?"
    return versions


# --------------------------------------------------------------------------------------------
# One size


class SizeRun:
    """The stores of one size and the rows measured on them."""

    def __init__(self, bench: Bench, size: int, peers: dict, runs: int):
        self.bench, self.size, self.runs = bench, size, runs
        self.dir = bench.work / f"size-{size}"
        self.dir.mkdir()
        self.items, self.taken = make_items(size, SEED + size)
        self.names = [item.name for item in self.items]
        self.store = self.dir / "projects.json"
        self.pristine = self.dir / "projects.pristine.json"
        # The baseline binary's store: the same projects, as that version writes them.
        self.base_store = self.dir / "baseline.json"
        self.base_pristine = self.dir / "baseline.pristine.json"
        # The folder rows' store: the same projects, each with its folder in the root.
        self.folder_store = self.dir / "folders.json"
        self.folder_pristine = self.dir / "folders.pristine.json"
        self.root = self.dir / "root"             # PROJECT_ROOT for every command of ours at this size
        self.root_entries: set[str] = set()       # what the root holds before each row
        self.versions: dict[str, int] = {}        # store format versions, for the report
        self.peers = peers
        self.setup_notes: list[str] = []
        self.rows: list[Row] = []
        self.extra_rows: list[Row] = []           # before and after only: not in the table against the peers
        self.folder_rows: list[Row] = []

    # ---- helpers for our binary

    def env(self, **extra) -> dict:
        """The environment of our commands at this size: the bench's, with this size's root."""
        return self.bench.env(PROJECT_ROOT=str(self.root), **extra)

    def run(self, argv: list[str], env: Optional[dict] = None) -> Outcome:
        """Runs one untimed command with this size's environment."""
        return self.bench.run(argv, env or self.env())

    def ours(self, *args: str, store: Optional[Path] = None) -> list[str]:
        return [str(self.bench.binary), *args, "--store", str(store or self.store)]

    def base(self, *args: str) -> list[str]:
        """A command of the baseline binary on its own store."""
        return [str(self.bench.baseline), *args, "--store", str(self.base_store)]

    def ours_json(self, *args: str, store: Optional[Path] = None):
        outcome = self.run(self.ours(*args, "--json", store=store))
        if outcome.code != 0:
            return None, f"{' '.join(args)} --json: exit {outcome.code}: {outcome.err.strip()[:200]}"
        try:
            return json.loads(outcome.out), None
        except json.JSONDecodeError as error:
            return None, f"{' '.join(args)} --json: not JSON ({error})"

    def before_case(self, label: str, args: Callable[[int], list[str]], env: Optional[dict] = None,
                    check=None, before=None) -> Optional[Case]:
        """The same command run by the baseline binary on its own store, or None without a baseline."""
        if not self.bench.baseline:
            return None
        return Case(f"{label} (baseline)", lambda i: self.base(*args(i)), env or self.env(), ours=True,
                    check=check, before=before)

    def fresh_name(self, stem: str) -> str:
        n = 1
        while True:
            name = f"{stem} {n}"
            if coarse_key(name) not in self.taken:
                self.taken.add(coarse_key(name))
                return name
            n += 1

    # ---- stores

    def make_stores(self) -> None:
        document = {
            "version": 1,
            "sort": "name",
            "projects": [
                {"id": it.id, "name": it.name, "type": it.kind, "created": iso_ms(it.created),
                 "details": it.details, "position": i + 1}
                for i, it in enumerate(self.items)
            ],
        }
        path = self.dir / "export.json"
        path.write_text(json.dumps(document, ensure_ascii=False, indent=1), encoding="utf-8")
        outcome = self.run(self.ours("import", str(path)))
        if outcome.code != 0:
            fail(f"project import of {self.size:,} projects failed (exit {outcome.code}):\n{outcome.err[:2000]}")
        self.import_s = outcome.ns / 1e9
        keep_pristine(self.store, self.pristine)
        self.versions["ours"] = store_version(self.store)
        if self.bench.baseline:
            # The same document imported by the baseline: a store in the format it reads and writes.
            outcome = self.run(self.base("import", str(path)))
            if outcome.code != 0:
                fail(f"the baseline's import of {self.size:,} projects failed (exit {outcome.code}):\n"
                     f"{outcome.err[:2000]}")
            keep_pristine(self.base_store, self.base_pristine)
            self.versions["baseline"] = store_version(self.base_store)
        self.make_folder_store()
        log(f"  [{self.size:,}] project import: {self.import_s:.2f} s, store {self.store.stat().st_size / 1e6:.1f} MB")

        if self.peers.get("task"):
            self.task_dir = self.dir / "task"
            self.task_data = self.task_dir / "data"
            self.task_pristine = self.task_dir / "pristine"
            self.task_data.mkdir(parents=True)
            self.taskrc = self.task_dir / "taskrc"
            self.taskrc.write_text(f"data.location={self.task_data}\nconfirmation=off\nverbose=nothing\n")
            self.task_env = self.bench.env(TASKRC=str(self.taskrc), TASKDATA=str(self.task_data))
            tasks = [{"uuid": it.id, "description": it.name, "status": "pending",
                      "entry": it.created.strftime("%Y%m%dT%H%M%SZ")} for it in self.items]
            task_file = self.task_dir / "import.json"
            task_file.write_text(json.dumps(tasks, ensure_ascii=False), encoding="utf-8")
            outcome = self.bench.run([self.peers["task"], "import", str(task_file)], self.task_env)
            if outcome.code != 0:
                self.setup_notes.append(f"task import failed (exit {outcome.code}); Taskwarrior left out")
                self.peers = dict(self.peers, task=None)
            else:
                self.task_import_s = outcome.ns / 1e9
                shutil.copytree(self.task_data, self.task_pristine)
                log(f"  [{self.size:,}] task import: {self.task_import_s:.2f} s")

        if self.peers.get("todo"):
            self.todo_dir = self.dir / "todo"
            self.todo_dir.mkdir()
            self.todo_file = self.todo_dir / "todo.txt"
            self.todo_pristine = self.todo_dir / "todo.pristine.txt"
            config = self.todo_dir / "config"
            config.write_text(
                f'export TODO_DIR="{self.todo_dir}"\n'
                'export TODO_FILE="$TODO_DIR/todo.txt"\n'
                'export DONE_FILE="$TODO_DIR/done.txt"\n'
                'export REPORT_FILE="$TODO_DIR/report.txt"\n'
            )
            self.todo_env = self.bench.env(TODOTXT_CFG_FILE=str(config))
            lines = [f"{it.created:%Y-%m-%d} {it.name}\n" for it in self.items]
            self.todo_pristine.write_text("".join(lines), encoding="utf-8")
            (self.todo_dir / "done.txt").write_text("")

    def make_folder_store(self) -> None:
        """The store and root of the folder rows. The same projects, each with a folder recorded as
        version 2 records one that `add` made (relative to the root, `"managed": true`), imported
        with `project import`, and those folders made in the root: the root holds as many folders
        as the store has projects, as it does for a writer whose every project has its folder.
        Only the projects' own folders are made, not the kinds' folders inside them: `add` never
        looks inside another project's folder."""
        self.root.mkdir()
        used: set[str] = set()
        projects = []
        for k, it in enumerate(self.items):
            folder = folder_name(it.name)
            n = 2
            while folder in used:
                folder = f"{folder_name(it.name)} ({n})"
                n += 1
            used.add(folder)
            (self.root / folder).mkdir()
            projects.append({"id": it.id, "name": it.name, "type": it.kind, "created": iso_ms(it.created),
                             "details": it.details, "position": k + 1, "folder": folder, "managed": True})
        document = self.dir / "export-folders.json"
        document.write_text(json.dumps({"version": 2, "sort": "name", "root": None, "projects": projects},
                                       ensure_ascii=False, indent=1), encoding="utf-8")
        outcome = self.run(self.ours("import", str(document), store=self.folder_store))
        if outcome.code != 0:
            fail(f"project import of {self.size:,} projects with folders failed (exit {outcome.code}):\n"
                 f"{outcome.err[:2000]}")
        keep_pristine(self.folder_store, self.folder_pristine)
        self.versions["folders"] = store_version(self.folder_store)
        self.root_entries = set(os.listdir(self.root))
        log(f"  [{self.size:,}] store with folders: {len(self.root_entries):,} folders in the root")

    def clean_root(self) -> None:
        """Takes out of the root whatever the previous row made there (new folders, the trash)."""
        for name in os.listdir(self.root):
            if name not in self.root_entries:
                path = self.root / name
                if path.is_dir() and not path.is_symlink():
                    shutil.rmtree(path)
                else:
                    path.unlink()

    def reset(self) -> None:
        restore_pristine(self.store, self.pristine)
        if self.bench.baseline:
            restore_pristine(self.base_store, self.base_pristine)
        restore_pristine(self.folder_store, self.folder_pristine)
        self.clean_root()
        if self.peers.get("task"):
            shutil.rmtree(self.task_data)
            shutil.copytree(self.task_pristine, self.task_data)
        if self.peers.get("todo"):
            shutil.copyfile(self.todo_pristine, self.todo_file)
            (self.todo_dir / "done.txt").write_text("")

    # ---- peers' cases

    def task(self, label: str, argv: Callable[[int], list[str]], before=None) -> list:
        if not self.peers.get("task"):
            return []
        return [Case(label, lambda i: [self.peers["task"], *argv(i)], self.task_env, before=before)]

    def todo(self, label: str, argv: Callable[[int], list[str]], before=None) -> list:
        if not self.peers.get("todo"):
            return []
        return [Case(label, lambda i: [self.peers["todo"], *argv(i)], self.todo_env, before=before)]

    # ---- the rows

    def build_rows(self) -> None:
        size, runs, names = self.size, self.runs, self.names
        total = runs + 1
        by_name = {it.name: it for it in self.items}

        def pick(fraction: float, used: set, want_accent: bool = False) -> Item:
            start = int(size * fraction)
            for k in list(range(start, size)) + list(range(0, start)):
                it = self.items[k]
                if it.name in used or it.name in ANCHORS:
                    continue
                if want_accent and all(ord(c) < 128 for c in it.name):
                    continue
                used.add(it.name)
                return it
            fail("no project left to pick")

        used: set[str] = set()
        show_item = pick(0.66, used, want_accent=True)
        rename_item = pick(0.5, used)
        move_item = pick(0.33, used)
        edit_item = pick(0.25, used)
        delete_items = [pick(0.5, used) for _ in range(total)]
        rename_to = self.fresh_name(fit(rename_item.name[:45]) + " revised")
        added = [self.fresh_name("New story") for _ in range(total)]
        extra = [self.fresh_name("Scratch piece") for _ in range(total)]
        task_added = [self.fresh_name("New story") for _ in range(total)]
        details = [f"Second draft, due in March ({k})" for k in range(total)]
        todo_line = {it.name: k + 1 for k, it in enumerate(self.items)}

        def lines_check(expected: int):
            def check(i: int, o: Outcome) -> Optional[str]:
                count = len(o.out.splitlines())
                return None if count == expected else f"{count} lines, expected {expected}"
            return check

        def at_least_lines(expected: int):
            def check(i: int, o: Outcome) -> Optional[str]:
                count = len(o.out.splitlines())
                return None if count >= expected else f"{count} lines, expected at least {expected}"
            return check

        last_output: dict[str, str] = {}

        def keep(key: str, check):
            def wrapped(i: int, o: Outcome) -> Optional[str]:
                last_output[key] = o.out
                return check(i, o)
            return wrapped

        def verify_name_order(key: str, sv: bool):
            def verify() -> Optional[str]:
                env = self.env(LANG=OTHER_LOCALE) if sv else None
                outcome = self.run(self.ours("list", "--sort", "name", "--json"), env)
                if outcome.code != 0:
                    return f"list --json: exit {outcome.code}"
                listed = [p["name"] for p in json.loads(outcome.out)]
                if sorted(listed) != sorted(names):
                    return f"list --json shows {len(listed)} projects, not the {size} imported"
                pos = {n: k for k, n in enumerate(listed)}
                if size >= len(ANCHORS):
                    if not pos["Draft 2"] < pos["Draft 10"]:
                        return "Draft 10 listed before Draft 2 (numbers inside names)"
                    if not pos["Oak"] < pos["Ödet"]:
                        return "Ödet listed before Oak"
                    if sv and not pos["Zebra crossing"] < pos["Ödet"]:
                        return "in Swedish order Ödet should follow Zebra crossing"
                    if not sv and not pos["Ödet"] < pos["Zebra crossing"]:
                        return "in C.UTF-8 order Ödet should come before Zebra crossing"
                text = last_output.get(key, "").splitlines()
                for k, (line, name) in enumerate(zip(text, listed)):
                    if not line.startswith(name):
                        return f"line {k + 1} of the listing is {line!r}, --json has {name!r} there"
                return None
            return verify

        def verify_user_order() -> Optional[str]:
            for k, line in enumerate(last_output.get("user", "").splitlines()):
                expected = f"{k + 1}  "
                if not line.lstrip().startswith(expected.strip() + " "):
                    return f"line {k + 1} does not start with its position: {line!r}"
                if names[k] not in line:
                    return f"position {k + 1} should be {names[k]!r}: {line!r}"
            return None

        # --- list --sort name (C.UTF-8), against task list and todo.sh ls
        self.rows.append(Row(
            "list --sort name",
            Case("project list --sort name", lambda i: self.ours("list", "--sort", "name"), self.env(),
                 ours=True, check=keep("name", lines_check(size))),
            self.task("task list", lambda i: ["list"]) + self.todo("todo.sh ls", lambda i: ["ls"]),
            self.reset, verify_name_order("name", sv=False),
            reference=self.before_case("project list --sort name", lambda i: ["list", "--sort", "name"],
                                       check=lines_check(size))))
        for peer in self.rows[-1].peers:
            peer.check = at_least_lines(size)

        # --- the same in Swedish
        self.rows.append(Row(
            f"list --sort name (LANG={OTHER_LOCALE})",
            Case("project list --sort name", lambda i: self.ours("list", "--sort", "name"),
                 self.env(LANG=OTHER_LOCALE), ours=True, check=keep("sv", lines_check(size))),
            [], self.reset, verify_name_order("sv", sv=True),
            reference=self.before_case("project list --sort name", lambda i: ["list", "--sort", "name"],
                                       env=self.env(LANG=OTHER_LOCALE), check=lines_check(size))))

        # --- list --sort user
        self.rows.append(Row(
            "list --sort user",
            Case("project list --sort user", lambda i: self.ours("list", "--sort", "user"), self.env(),
                 ours=True, check=keep("user", lines_check(size))),
            [], self.reset, verify_user_order,
            reference=self.before_case("project list --sort user", lambda i: ["list", "--sort", "user"],
                                       check=lines_check(size))))

        # --- show
        def show_check(i: int, o: Outcome) -> Optional[str]:
            if show_item.name not in o.out or show_item.id not in o.out:
                return f"the output does not show {show_item.name!r} and its id"
            return None

        self.rows.append(Row(
            "show <name>",
            Case("project show <name>", lambda i: self.ours("show", show_item.name), self.env(),
                 ours=True, check=show_check),
            self.task("task <uuid> information", lambda i: [show_item.id, "information"]),
            self.reset,
            reference=self.before_case("project show <name>", lambda i: ["show", show_item.name], check=show_check)))

        # --- completing a name: what TAB runs in bash, with the first letters typed in lower case
        typed = show_item.name[:3].lower()

        def complete_check(i: int, o: Outcome) -> Optional[str]:
            if o.out.split("\n")[0] != "names" or show_item.name not in o.out.split("\n"):
                return f"TAB after {typed!r} does not offer {show_item.name!r}"
            return None

        self.rows.append(Row(
            "TAB: complete a name",
            Case("project __complete bash -- show <3 letters>", lambda i: [str(self.bench.binary), "__complete", "bash", "--", "--store", str(self.store), "show", typed],
                 self.bench.env(), ours=True, check=complete_check),
            [], self.reset))

        # --- add
        def verify_add() -> Optional[str]:
            listed, problem = self.ours_json("list", "--sort", "user")
            if problem:
                return problem
            if len(listed) != size + total:
                return f"{len(listed)} projects after {total} adds to {size}"
            tail = [p["name"] for p in listed[-total:]]
            return None if tail == added else f"the added projects are not at the end: {tail[:3]}"

        self.rows.append(Row(
            "add <new name>",
            Case("project add <name>", lambda i: self.ours("add", added[i]), self.env(), ours=True),
            self.task("task add <name>", lambda i: ["add", task_added[i]])
            + self.todo("todo.sh add <name>", lambda i: ["add", task_added[i]]),
            self.reset, verify_add,
            reference=self.before_case("project add <name>", lambda i: ["add", added[i]])))
        # Before and after only: the same add as a list entry only, to tell the folder's share of
        # the difference from the rest of the change.
        if self.bench.baseline:
            self.extra_rows.append(Row(
                "add <new name> --no-folder (after) / add <new name> (before)",
                Case("project add <name> --no-folder", lambda i: self.ours("add", added[i], "--no-folder"),
                     self.env(), ours=True),
                [], self.reset, verify_add,
                reference=self.before_case("project add <name>", lambda i: ["add", added[i]])))

        # --- rename, alternating between two names
        def rename_args(i: int) -> tuple[str, str]:
            return (rename_item.name, rename_to) if i % 2 == 0 else (rename_to, rename_item.name)

        def verify_rename() -> Optional[str]:
            final = rename_args(runs)[1]
            shown, problem = self.ours_json("show", final)
            if problem:
                return problem
            if shown["id"] != rename_item.id or shown["name"] != final:
                return f"after the renames show {final!r} gives {shown['name']!r} {shown['id']}"
            return None

        self.rows.append(Row(
            "rename (two names in turn)",
            Case("project rename <name> <new>", lambda i: self.ours("rename", *rename_args(i)), self.env(),
                 ours=True),
            self.task("task <uuid> modify <new>", lambda i: [rename_item.id, "modify", rename_args(i)[1]])
            + self.todo("todo.sh replace <n> <new>",
                        lambda i: ["replace", str(todo_line[rename_item.name]), rename_args(i)[1]]),
            self.reset, verify_rename,
            reference=self.before_case("project rename <name> <new>", lambda i: ["rename", *rename_args(i)])))

        # --- move, --to 1 and --bottom in turn
        def move_args(i: int) -> list[str]:
            return ["--to", "1"] if i % 2 == 0 else ["--bottom"]

        def verify_move() -> Optional[str]:
            shown, problem = self.ours_json("show", move_item.name)
            if problem:
                return problem
            expected = 1 if runs % 2 == 0 else size
            return None if shown["position"] == expected else f"position {shown['position']}, expected {expected}"

        self.rows.append(Row(
            "move --to 1 / --bottom",
            Case("project move <name> --to 1|--bottom", lambda i: self.ours("move", move_item.name, *move_args(i)),
                 self.env(), ours=True),
            [], self.reset, verify_move,
            reference=self.before_case("project move <name> --to 1|--bottom",
                                       lambda i: ["move", move_item.name, *move_args(i)])))

        # --- edit -d
        def verify_edit() -> Optional[str]:
            shown, problem = self.ours_json("show", edit_item.name)
            if problem:
                return problem
            return None if shown["details"] == details[runs] else f"details are {shown['details']!r}"

        self.rows.append(Row(
            "edit -d <text>",
            Case("project edit <name> -d <text>", lambda i: self.ours("edit", edit_item.name, "-d", details[i]),
                 self.env(), ours=True),
            [], self.reset, verify_edit,
            reference=self.before_case("project edit <name> -d <text>",
                                       lambda i: ["edit", edit_item.name, "-d", details[i]])))

        # --- delete: an untimed add first, then a timed delete of a project from the middle
        def add_extra(i: int) -> None:
            outcome = self.run(self.ours("add", extra[i]))
            if outcome.code != 0:
                self.bench.failures.append(f"[{size:,}] untimed add before delete: exit {outcome.code}")

        def base_add_extra(i: int) -> None:
            outcome = self.run(self.base("add", extra[i]))
            if outcome.code != 0:
                self.bench.failures.append(f"[{size:,}] untimed add of the baseline before delete: exit {outcome.code}")

        def task_extra(i: int) -> None:
            self.bench.run([self.peers["task"], "add", extra[i]], self.task_env)

        def todo_extra(i: int) -> None:
            self.bench.run([self.peers["todo"], "add", extra[i]], self.todo_env)

        def verify_delete() -> Optional[str]:
            listed, problem = self.ours_json("list", "--sort", "user")
            if problem:
                return problem
            if len(listed) != size:
                return f"{len(listed)} projects after as many adds as deletes, expected {size}"
            present = {p["id"] for p in listed}
            gone = [it.name for it in delete_items if it.id in present]
            return f"still there after delete: {gone[:3]}" if gone else None

        self.rows.append(Row(
            "delete --yes (after an untimed add)",
            Case("project delete <name> --yes", lambda i: self.ours("delete", delete_items[i].name, "--yes"),
                 self.env(), ours=True, before=add_extra),
            self.task("task <uuid> delete", lambda i: [delete_items[i].id, "delete"], before=task_extra)
            + self.todo("todo.sh -f del <n>", lambda i: ["-f", "del", str(todo_line[delete_items[i].name])],
                        before=todo_extra),
            self.reset, verify_delete,
            reference=self.before_case("project delete <name> --yes",
                                       lambda i: ["delete", delete_items[i].name, "--yes"], before=base_add_extra)))

        self.build_folder_rows()

    def build_folder_rows(self) -> None:
        """Issue 8: `add --type novel` with its folders against `add --type novel --no-folder`, run in
        turn on the store whose projects all have their folders in the root. Each run adds a new
        name, so each timed add with folders really makes `<root>/<name>/` and the six folders of a
        novel; each run is checked on disk right after it (untimed)."""
        size, total = self.size, self.runs + 1
        with_folders = [self.fresh_name("Novel with folders") for _ in range(total)]
        list_only = [self.fresh_name("Novel without a folder") for _ in range(total)]

        def made_check(i: int, o: Outcome) -> Optional[str]:
            folder = self.root / with_folders[i]        # a plain ASCII name: the folder takes it as is
            if not folder.is_dir():
                return f"no folder {folder.name!r} in the root after add"
            missing = [n for n in NOVEL_FOLDERS if not (folder / n).is_dir()]
            return f"{folder.name!r} lacks {', '.join(missing)}" if missing else None

        def none_check(i: int, o: Outcome) -> Optional[str]:
            made = self.root / list_only[i]
            return f"add --no-folder made {made.name!r}" if made.exists() else None

        def verify() -> Optional[str]:
            listed, problem = self.ours_json("list", "--sort", "user", store=self.folder_store)
            if problem:
                return problem
            if len(listed) != size + 2 * total:
                return f"{len(listed)} projects after {2 * total} adds to {size}"
            folders = {p["name"]: p.get("folder") for p in listed}
            root = os.path.realpath(self.root)
            for name in with_folders:
                got = folders.get(name)
                if got is None or os.path.realpath(got) != os.path.join(root, name):
                    return f"{name!r} is recorded with the folder {got!r}"
            wrong = [name for name in list_only if folders.get(name) is not None]
            return f"added with --no-folder but recorded with a folder: {wrong[:3]}" if wrong else None

        self.folder_rows.append(Row(
            "add --type novel <new name>",
            Case("project add <name> --type novel", lambda i: self.ours(
                "add", with_folders[i], "--type", "novel", store=self.folder_store), self.env(), ours=True,
                check=made_check),
            [], self.reset, verify,
            reference=Case("project add <name> --type novel --no-folder", lambda i: self.ours(
                "add", list_only[i], "--type", "novel", "--no-folder", store=self.folder_store), self.env(),
                ours=True, check=none_check)))

    def measure(self) -> None:
        for row in self.rows + self.extra_rows + self.folder_rows:
            self.bench.measure(row, self.runs, self.size)


# --------------------------------------------------------------------------------------------
# Start-up: --version against a static hello world


def measure_startup(bench: Bench, hello: Path, runs: int) -> Row:
    def version_check(i: int, o: Outcome) -> Optional[str]:
        return None if o.out.startswith("project ") else f"unexpected output {o.out.strip()[:80]!r}"

    store = bench.work / "version-store.json"
    row = Row(
        "--version",
        Case("project --version", lambda i: [str(bench.binary), "--version", "--store", str(store)], bench.env(),
             ours=True, check=version_check),
        [Case("hello world (static Swift)", lambda i: [str(hello)], bench.env())],
        lambda: None)
    bench.measure(row, runs, 0)
    return row


# --------------------------------------------------------------------------------------------
# The report


def machine() -> dict:
    cpu = "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    memory = "unknown"
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal"):
                memory = f"{int(line.split()[1]) / 1024 / 1024:.1f} GiB"
                break
    except OSError:
        pass
    try:
        swift = subprocess.run(["swift", "--version"], capture_output=True, text=True).stdout.strip().splitlines()[0]
    except (OSError, IndexError):
        swift = "unknown"
    distro = ""
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if line.startswith("PRETTY_NAME="):
                distro = line.split("=", 1)[1].strip('"')
    except OSError:
        pass
    return {
        "nproc": len(os.sched_getaffinity(0)), "cpu": cpu, "memory": memory,
        "kernel": f"Linux {platform.release()} ({platform.machine()})", "distro": distro, "swift": swift,
    }


def ratio(peer: Case, ours: Case) -> str:
    if peer.median_ms is None or ours.median_ms is None:
        return "–"
    return f"{peer.median_ms / ours.median_ms:.1f}×"


def table(rows: list[Row]) -> list[str]:
    out = ["| command | ours median ms | ours CPU ms | ours peak MiB | peer | peer median ms | peer CPU ms "
           "| peer peak MiB | peer / ours |",
           "|---|--:|--:|--:|---|--:|--:|--:|--:|"]
    for row in rows:
        label = f"`{row.label}`" + (" **wrong result**" if row.problems else "")
        ours = f"{fmt_ms(row.ours.median_ms)} | {fmt_ms(row.ours.cpu_ms)} | {fmt_mib(row.ours.peak_mib)}"
        if not row.peers:
            out.append(f"| {label} | {ours} | | | | | |")
        for k, peer in enumerate(row.peers):
            left = f"| {label} | {ours}" if k == 0 else "| | | |"
            out.append(f"{left} | `{peer.label}` | {fmt_ms(peer.median_ms)} | {fmt_ms(peer.cpu_ms)} | "
                       f"{fmt_mib(peer.peak_mib)} | {ratio(peer, row.ours)} |")
    return out


def over(row: Row) -> Optional[float]:
    """Ours against the row's reference: median wall time of ours divided by the reference's."""
    if not row.reference or row.ours.median_ms is None or row.reference.median_ms is None or row.problems:
        return None
    return row.ours.median_ms / row.reference.median_ms


def cpu_over(row: Row) -> Optional[float]:
    """The same ratio on the median CPU times, which move less when other work shares the machine."""
    if not row.reference or not row.ours.cpu_ms or not row.reference.cpu_ms:
        return None
    return row.ours.cpu_ms / row.reference.cpu_ms


def ratio_table(rows: list[Row], ours_title: str, reference_title: str, target: float,
                judged: Callable[[Row], bool] = lambda row: True) -> list[str]:
    """A table of rows measured against their reference in the same run: both medians, CPU times
    and peaks, the ratio ours / reference on wall time (the verdict) and on CPU time, and the
    verdict against `target` for the rows `judged` says count."""
    out = [f"| command | {ours_title} ms | CPU ms | peak MiB | {reference_title} ms | CPU ms | peak MiB "
           f"| ratio | CPU ratio | within {target:.2f}× |",
           "|---|--:|--:|--:|--:|--:|--:|--:|--:|---|"]
    for row in rows:
        ref = row.reference
        got, cpu = over(row), cpu_over(row)
        label = f"`{row.label}`" + (" **wrong result**" if row.problems else "")
        if got is None:
            mark = "failed"
        elif not judged(row):
            mark = "(not judged)"
        else:
            mark = "yes" if got <= target else "**no**"
        out.append(f"| {label} | {fmt_ms(row.ours.median_ms)} | {fmt_ms(row.ours.cpu_ms)} | {fmt_mib(row.ours.peak_mib)} "
                   f"| {fmt_ms(ref.median_ms)} | {fmt_ms(ref.cpu_ms)} | {fmt_mib(ref.peak_mib)} "
                   f"| {'–' if got is None else f'{got:.2f}×'} | {'–' if cpu is None else f'{cpu:.2f}×'} | {mark} |")
    return out


def targets_issue8(folder_results: dict, compare_results: dict, baseline: Optional[str]) -> list[str]:
    """The verdicts on the speed targets of issue 8, from this run's medians."""
    lines = []

    def verdict(ok: Optional[bool], text: str, detail: str) -> None:
        mark = {True: "met", False: "**not met**", None: "not measured"}[ok]
        lines.append(f"- {text}: {mark} ({detail})")

    for size in (1_000, 10_000):
        text = f"{size:,}: `add --type novel` with its folders within {FOLDER_TARGET:g}× of `add --no-folder`"
        row = (folder_results.get(size) or [None])[0]
        got = over(row) if row else None
        if got is None:
            verdict(None, text, "not run at this size" if row is None else "a command failed")
        else:
            verdict(got <= FOLDER_TARGET, text, f"{got:.2f}×: {fmt_ms(row.ours.median_ms)} ms against "
                    f"{fmt_ms(row.reference.median_ms)} ms; CPU {cpu_over(row) or 0:.2f}×")
    if not compare_results:
        lines.append(f"- no existing command more than {BEFORE_AFTER_TARGET - 1:.0%} slower than before issue 8: "
                     "not measured (no `--baseline` in this run)")
    for size, rows in compare_results.items():
        text = f"{size:,}: no existing command more than {BEFORE_AFTER_TARGET - 1:.0%} slower than `{baseline}`"
        judged = [r for r in rows if r.reference]
        ratios = [(r, over(r)) for r in judged]
        if any(got is None for _, got in ratios) or not ratios:
            verdict(None, text, "a command failed")
            continue
        slow = [f"`{r.label}` {got:.2f}× (CPU {cpu_over(r) or 0:.2f}×)" for r, got in ratios
                if got > BEFORE_AFTER_TARGET]
        worst, worst_ratio = max(ratios, key=lambda pair: pair[1])
        verdict(not slow, text, ("over: " + ", ".join(slow)) if slow
                else f"largest `{worst.label}` {worst_ratio:.2f}× (CPU {cpu_over(worst) or 0:.2f}×)")
    return lines


def find(rows: list[Row], prefix: str) -> Optional[Row]:
    return next((r for r in rows if r.label.startswith(prefix)), None)


def peer_case(row: Optional[Row], prefix: str) -> Optional[Case]:
    if not row:
        return None
    return next((p for p in row.peers if p.label.startswith(prefix)), None)


def targets(results: dict, startup: Row) -> list[str]:
    lines = []

    def verdict(ok: Optional[bool], text: str, detail: str) -> None:
        mark = {True: "met", False: "**not met**", None: "not measured"}[ok]
        lines.append(f"- {text}: {mark} ({detail})")

    ten = results.get(10_000)
    if ten:
        name_row = find(ten, "list --sort name")
        for prefix, factor in (("task list", 5.0), ("todo.sh ls", 3.0)):
            peer = peer_case(name_row, prefix)
            if peer and peer.median_ms and name_row.ours.median_ms:
                got = peer.median_ms / name_row.ours.median_ms
                verdict(got >= factor, f"10,000: `list --sort name` at least {factor:g}× faster than `{prefix}`",
                        f"{got:.1f}×: {fmt_ms(name_row.ours.median_ms)} ms against {fmt_ms(peer.median_ms)} ms")
            else:
                verdict(None, f"10,000: `list --sort name` at least {factor:g}× faster than `{prefix}`",
                        "peer not run or a command failed")
        add_row = find(ten, "add")
        peer = peer_case(add_row, "todo.sh add")
        if peer and peer.median_ms and add_row.ours.median_ms:
            verdict(add_row.ours.median_ms <= peer.median_ms, "10,000: `add` no slower than `todo.sh add`",
                    f"{fmt_ms(add_row.ours.median_ms)} ms against {fmt_ms(peer.median_ms)} ms")
        else:
            verdict(None, "10,000: `add` no slower than `todo.sh add`", "peer not run or a command failed")
        slow = [f"`{r.label}` {fmt_ms(r.ours.median_ms)} ms" for r in ten
                if r.ours.median_ms is None or r.ours.median_ms >= 25]
        worst = max(ten, key=lambda r: r.ours.median_ms or float("inf"))
        verdict(not slow, "10,000: every command under 25 ms",
                ("over: " + ", ".join(slow)) if slow else f"slowest `{worst.label}` {fmt_ms(worst.ours.median_ms)} ms")
        tab = find(ten, "TAB: complete a name")
        if tab:
            verdict(tab.ours.median_ms is not None and tab.ours.median_ms < 100 and not tab.problems,
                    "10,000: completing a project name under 100 ms", f"{fmt_ms(tab.ours.median_ms)} ms")
        sv = find(ten, "list --sort name (LANG=")
        if sv:
            verdict(sv.ours.median_ms is not None and sv.ours.median_ms < 25 and not sv.problems,
                    f"10,000: locale-aware name order at that speed (`list --sort name` with LANG={OTHER_LOCALE}, "
                    "verified to put Ö after Z, under 25 ms)", f"{fmt_ms(sv.ours.median_ms)} ms")
    else:
        lines.append("- 10,000 projects: not measured in this run")

    big = results.get(LARGE)
    if big:
        slow = [f"`{r.label}` {fmt_ms(r.ours.median_ms)} ms" for r in big
                if r.ours.median_ms is None or r.ours.median_ms >= 250]
        worst = max(big, key=lambda r: r.ours.median_ms or float("inf"))
        verdict(not slow, "100,000: every command under 250 ms",
                ("over: " + ", ".join(slow)) if slow else f"slowest `{worst.label}` {fmt_ms(worst.ours.median_ms)} ms")
        fat = [f"`{r.label}` {fmt_mib(r.ours.peak_mib)} MiB" for r in big
               if r.ours.peak_mib is None or r.ours.peak_mib >= 64]
        top = max(big, key=lambda r: r.ours.peak_mib or float("inf"))
        verdict(not fat, "100,000: peak memory under 64 MiB",
                ("over: " + ", ".join(fat)) if fat else f"largest `{top.label}` {fmt_mib(top.ours.peak_mib)} MiB")
    else:
        lines.append("- 100,000 projects: not measured in this run")

    hello = startup.peers[0]
    if startup.ours.median_ms and hello.median_ms:
        got = startup.ours.median_ms / hello.median_ms
        verdict(got <= 1.5, "`project --version` within 1.5× a static hello-world Swift binary",
                f"{got:.2f}×: {fmt_ms(startup.ours.median_ms)} ms against {fmt_ms(hello.median_ms)} ms")
    else:
        verdict(None, "`project --version` within 1.5× a static hello-world Swift binary", "a command failed")
    return lines


DEFAULT_INTRO = """# Performance

How `project` compares with what a writer would otherwise use to keep a list of projects from the
terminal — Taskwarrior (`task`) and todo.txt (`todo.sh`) — on lists of 1,000, 10,000 and 100,000
projects, and how it stands against the targets of issue 4.

Run it from the repository's root:

    bash Tests/Benchmark/run.sh            # full run: rewrites everything below the marker line
    bash Tests/Benchmark/run.sh --check    # CI: 1,000 projects, 3 runs, checks results, writes nothing
    bash Tests/Benchmark/run.sh --help     # --sizes, --runs, --runs-large, --peer-sizes, --binary, --no-peers,
                                           # --baseline REV|none, --baseline-binary

It builds the release binary as the README installs it (`swift build -c release --static-swift-stdlib -Xswiftc -static-executable`,
in its own scratch folder `.build-bench`), installs the peers from Debian's packages when they are
missing (`taskwarrior`; `todotxt-cli`, whose `todo.sh` Debian installs as `todo-txt`), builds a static
hello-world Swift binary (`swiftc -O -static-stdlib`) as the floor for start-up time, and compiles
`Tests/Benchmark/launcher.c`, the small program that starts and measures each command.

How it measures:

- Each command is a whole process, timed from spawn to exit (wall time: start-up, reading the store
  and writing it back are all in), with standard input from `/dev/null` and standard output to a
  file. One warm-up, then the runs (15; 7 at 100,000); the tables give the median. Ours and the
  peers' runs are interleaved, so both see the same machine. Peak memory is the largest `ru_maxrss`
  that `wait4` reports over the runs; for `todo.sh`, a shell script, that is its largest single
  process. The launcher is a small C program rather than Python itself because Linux counts the
  resident size of the process that executes a command in the command's `ru_maxrss`: started
  straight from Python, every command would show at least Python's 20 MiB.
- The names are seeded and realistic: 3 to 60 characters, about a third with accents (é, ö, ñ, ç…),
  about 5 % CJK, a few emoji, numbers inside names (`Draft 12`, `Chapter 3 notes`), all distinct
  ignoring letter case and accents; the five kinds, creation dates over 14 years, details on about
  30 %. Ours are loaded with `project import`, Taskwarrior's with `task import` (pending tasks with the
  same UUIDs and dates), todo.txt's written as the file (`YYYY-MM-DD name` lines).
- Commands that change the store keep its size: `rename` alternates between two names, `move`
  alternates `--to 1` and `--bottom`, `edit -d` sets a new text each time, `add` adds a new name each
  run (one more project per run), and `delete` removes a different project from the middle of the
  list each run, after an untimed `add`. The stores are restored before each row. Taskwarrior and
  todo.txt do the same with `task add`/`<uuid> modify`/`<uuid> delete`/`<uuid> information` and
  `todo.sh add`/`replace`/`del`; `move`, `edit` and the writer's order have no peer.
- Every result of ours is checked: exit status, one line per project, the names in natural and in
  locale order (Ö after Z in Swedish, with O in C.UTF-8), the writer's order kept by the import, and
  each change visible afterwards. A wrong result is marked in the table and fails the run.
- Our binary always gets `--store` in a temporary folder; the peers get a private
  `TASKRC`/`TASKDATA` (`confirmation=off`, `verbose=nothing`) and a private todo.txt config; `HOME`
  points into the temporary folder. `LANG=C.UTF-8`, except the one row in Swedish.
- The peers run at 1,000 and 10,000 only. At 10,000 `task import` takes about a second and `task
  list` a quarter of a second, growing with the list: at 100,000 the peers would add many minutes to
  every run for a comparison that the targets do not ask for (`--peer-sizes` adds it).
- "CPU ms" is the median user + system time of the process and of the children it waited for; it
  moves much less than wall time when other work shares the machine. "peer / ours" compares wall
  times: how many times longer the peer takes, so above 1 ours is faster.

The rows of issue 8, in the same run:

- `add --type novel` with its folders against `add --type novel --no-folder`, in turn, each run with
  a new name, on a store (format version 2) whose projects each have their folder in the root, so
  the root holds as many folders as there are projects. Every run with folders is checked on disk
  (the project's folder and the six folders of a novel); every run with `--no-folder` is checked to
  make none. Target: within 1.25×.
- Before and after: every command above run in turn by this build and by the release build of the
  commit before issue 8 (`--baseline`), each on its own store of the same projects in the format it
  writes (version 2 and version 1), restored before each row. Target: no command more than 10 %
  slower. `--check` builds no baseline.

Numbers move by several percent between runs on a shared 2-core machine, and much more when
something else runs (see the load average below): compare ratios within one run.
"""


def issue8_sections(size: int, info_size: dict, issue8: dict, runs: int) -> list[str]:
    """The two tables of issue 8 for one size: add with its folders against add --no-folder, and
    every command of ours against the baseline build."""
    out: list[str] = []
    versions = info_size.get("versions", {})
    rows = issue8["folders"].get(size)
    if rows:
        out += ["", f"#### {size:,} projects: `add` with its folders (issue 8)", "",
                f"Median of {runs} runs of each, in turn, on a store of version {versions.get('folders')} whose "
                f"{size:,} projects each have their folder in the root: the root holds {size:,} folders. "
                "Each run adds a new name, so each run with folders makes the project's folder and the six "
                "folders of a novel (checked on disk after each run); `--no-folder` makes none "
                "(checked too). The ratio is with folders / `--no-folder`.", ""]
        out += ratio_table(rows, "with folders", "`--no-folder`", FOLDER_TARGET)
    compare = issue8["compare"].get(size)
    if compare:
        extra = issue8["extra"].get(size, [])
        commit = issue8["baseline"]["commit"][:7]
        out += ["", f"#### {size:,} projects: before and after issue 8", "",
                f"Median of {runs} runs of each, in turn: this build (after) on its store of version "
                f"{versions.get('ours')} and `{commit}` (before) on its store of version {versions.get('baseline')}, "
                "both made by that binary's `import` of the same document, both restored before each row. "
                "The projects have no folders (as after an upgrade); `add` of this build makes the new "
                "project's folder in the root, as it does by default. The ratio is after / before. The "
                "last row is not judged: it shows the share of `add` that is not the folder.", ""]
        out += ratio_table(compare + extra, "after", "before", BEFORE_AFTER_TARGET,
                           judged=lambda row: all(row is not e for e in extra))
    return out


def write_doc(path: Path, command: str, started: dt.datetime, elapsed_s: float, build_s: Optional[float],
              info: dict, versions: dict, notes: list[str], startup: Row, results: dict,
              sizes_info: dict, runs_for: Callable[[int], int], failures: list[str], load: tuple,
              issue8: dict) -> None:
    intro = DEFAULT_INTRO.rstrip("\n")
    if path.exists():
        text = path.read_text(encoding="utf-8")
        if MARKER in text:
            intro = text.split(MARKER, 1)[0].rstrip("\n")
    out = [intro, "", MARKER, "", "## Latest run", ""]
    out.append(f"- Command: `{command}`")
    out.append(f"- Date: {started:%Y-%m-%d %H:%M} UTC; the whole run took {elapsed_s / 60:.1f} minutes"
               + (f" (release build {build_s:.0f} s)" if build_s is not None else " (binary given, no build)"))
    out.append(f"- Machine: {info['nproc']} cores, {info['cpu']}, {info['memory']} of memory, {info['kernel']}"
               + (f", {info['distro']}" if info['distro'] else ""))
    out.append(f"- Load average (1 min) at the start {load[0][0]:.2f}, at the end {load[1][0]:.2f}: "
               "anything well above 0 means other work shared the machine")
    busy = max(load[0][0], load[1][0]) > info["nproc"] / 2
    out.append(f"- Toolchain: {info['swift']}")
    peers = []
    if versions.get("task"):
        peers.append(f"Taskwarrior {versions['task']}")
    if versions.get("todo"):
        peers.append(f"todo.txt-cli {versions['todo']}")
    out.append(f"- Peers: {', '.join(peers) if peers else 'none'}")
    baseline = issue8.get("baseline")
    if baseline:
        built = f"built in {baseline['build_s']:.0f} s" if baseline.get("build_s") is not None else "binary given"
        out.append(f"- Baseline of the before-and-after rows: `{baseline['commit'][:7]}` "
                   f"\"{baseline['title']}\" ({built})")
    else:
        out.append("- Baseline: none in this run (`--baseline`), so no before-and-after rows")
    for note in notes:
        out.append(f"- Note: {note}")
    if busy:
        out.append("")
        out.append(f"**The machine was busy during this run (load average up to {max(load[0][0], load[1][0]):.1f} "
                   f"on {info['nproc']} cores): the wall times, and so the ratios and the verdicts below, are "
                   "inflated and not conclusive. The CPU column is less affected. Re-run on a quiet machine.**")
    out.append("")
    out.append("### Start-up")
    out.append("")
    out.append(f"Median of {runs_for(0)} runs.")
    out.append("")
    out += table([startup])
    for size, rows in results.items():
        info_size = sizes_info[size]
        out.append("")
        out.append(f"### {size:,} projects")
        out.append("")
        stats = info_size["stats"]
        setup = [f"`project import` {info_size['import_s']:.2f} s"]
        if info_size.get("task_import_s") is not None:
            setup.append(f"`task import` {info_size['task_import_s']:.2f} s")
        out.append(f"Median of {runs_for(size)} runs. Store {info_size['store_mb']:.1f} MB; names "
                   f"{stats['min']}–{stats['max']} characters (mean {stats['mean']:.0f}), "
                   f"{stats['accented']:.0f} % with accents, {stats['cjk']:.0f} % CJK, {stats['emoji']:.0f} % emoji, "
                   f"{stats['digits']:.0f} % with digits. Loading: {', '.join(setup)}.")
        out.append("")
        out += table(rows)
        for note in info_size["notes"]:
            out.append("")
            out.append(f"Note: {note}")
        out += issue8_sections(size, info_size, issue8, runs_for(size))
    out.append("")
    out.append("## Targets")
    out.append("")
    out.append("Judged on this run's medians" + (" (on a busy machine: see the warning above)." if busy else "."))
    out.append("")
    out.append("### Issue 4: against the peers")
    out.append("")
    out += targets(results, startup)
    out.append("")
    out.append("### Issue 8: the folders' cost")
    out.append("")
    out += targets_issue8(issue8["folders"], issue8["compare"],
                          baseline["commit"][:7] if baseline else None)
    if failures:
        out.append("")
        out.append("## Failures")
        out.append("")
        out += [f"- {f}" for f in failures]
    path.write_text("\n".join(out) + "\n", encoding="utf-8")


# --------------------------------------------------------------------------------------------
# Word counts (issue 9): `project files` and `project list --words` against `wc -w`, side by side


WC = "/usr/bin/wc"
WORDS_MANUSCRIPT = (2_000_000, 400)       # words, files: the manuscript of `project files`
WORDS_SHELF = (100, 50, 20_000)           # projects, files each, words each: `project list --words`
WORDS_CHECK_MANUSCRIPT = (100_000, 40)    # --check: the same rows, small
WORDS_CHECK_SHELF = (10, 10, 2_000)


def wc_words(outcome: Outcome) -> Optional[int]:
    """The total `wc -w --files0-from` prints on its last line."""
    lines = outcome.out.strip().splitlines()
    if not lines:
        return None
    first = lines[-1].split()[0]
    return int(first) if first.isdigit() else None


def measure_word_rows(bench: Bench, runs: int, check: bool) -> list[Row]:
    """Makes the manuscripts, then times `project files` on one and `project list --words` over
    many, each against `LANG=C.UTF-8 wc -w` reading the same files (a list of paths given with
    `--files0-from`, so the command line is not the limit). Our counts are checked against the
    count the generator knows; wc's are not, since it counts `#` and `*` and a Japanese sentence
    as one word."""
    words, files = WORDS_CHECK_MANUSCRIPT if check else WORDS_MANUSCRIPT
    projects, files_each, words_each = WORDS_CHECK_SHELF if check else WORDS_SHELF
    root = bench.work / "words"
    store = root / "projects.json"
    wc_env = bench.env(LANG="C.UTF-8", LC_ALL="C.UTF-8")

    def ours(*args: str) -> list[str]:
        return [str(bench.binary), *args, "--store", str(store)]

    def file_list(folders: list[Path], name: str) -> Path:
        paths = sorted(str(p) for folder in folders for p in folder.rglob("*.md"))
        listing = root / name
        listing.write_bytes(b"\0".join(p.encode() for p in paths) + b"\0")
        return listing

    start = time.monotonic()
    manuscript = root / "Manuscript"
    manuscript_words = make_manuscript(manuscript, words=words, files=files)
    shelf = [root / "Shelf" / f"Project {n:03d}" for n in range(1, projects + 1)]
    shelf_words = [make_manuscript(folder, words=words_each, files=files_each, seed=SEED + n)
                   for n, folder in enumerate(shelf, 1)]
    document = {"version": 2, "sort": "name", "root": None, "projects": [
        {"id": str(uuid.UUID(int=n + 1)), "name": folder.name, "type": "novel", "created": "2026-01-01T00:00:00.000Z",
         "details": None, "folder": str(folder), "target": words_each * 2}
        for n, folder in enumerate([manuscript] + shelf)]}
    (root / "import.json").write_text(json.dumps(document), encoding="utf-8")
    imported = bench.run(ours("import", str(root / "import.json")))
    if imported.code != 0:
        fail(f"project import of the manuscripts failed (exit {imported.code}): {imported.err[:500]}")
    manuscript_list = file_list([manuscript], "manuscript.files")
    shelf_list = file_list(shelf, "shelf.files")
    size_mb = sum(p.stat().st_size for p in manuscript.rglob("*.md")) / 1e6
    log(f"  manuscripts made in {time.monotonic() - start:.0f} s: {words:,} words in {files} files ({size_mb:.1f} MB); "
        f"{projects} projects of {files_each} files")

    def files_check(_: int, outcome: Outcome) -> Optional[str]:
        try:
            counted = json.loads(outcome.out)["words"]
        except (json.JSONDecodeError, KeyError, TypeError):
            return "files --json did not print the expected object"
        return None if counted == manuscript_words else f"counted {counted:,} words, the manuscript has {manuscript_words:,}"

    def shelf_check(_: int, outcome: Outcome) -> Optional[str]:
        try:
            counted = {p["name"]: p["words"] for p in json.loads(outcome.out)}
        except (json.JSONDecodeError, KeyError, TypeError):
            return "list --words --json did not print the expected array"
        wrong = [folder.name for folder, expected in zip(shelf, shelf_words) if counted.get(folder.name) != expected]
        return f"wrong counts for {len(wrong)} projects, e.g. {wrong[0]}" if wrong else None

    def wc_check(_: int, outcome: Outcome) -> Optional[str]:
        return None if wc_words(outcome) else "no total"

    rows = [
        Row(f"files ({words:,} words, {files} files, {size_mb:.0f} MB)",
            Case("project files --json", lambda i: ours("files", "Manuscript", "--json"), bench.base_env, ours=True,
                 check=files_check),
            [Case("wc -w", lambda i: [WC, "-w", f"--files0-from={manuscript_list}"], wc_env, check=wc_check)],
            reset=lambda: None),
        Row(f"list --words ({projects} projects of {files_each} files)",
            Case("project list --words --json", lambda i: ours("list", "--words", "--json", "--search", "Project"),
                 bench.base_env, ours=True, check=shelf_check),
            [Case("wc -w", lambda i: [WC, "-w", f"--files0-from={shelf_list}"], wc_env, check=wc_check)],
            reset=lambda: None),
    ]
    for row in rows:
        bench.measure(row, runs, projects)
    shutil.rmtree(root, ignore_errors=True)
    return rows


def word_section(rows: list[Row], runs: int) -> list[str]:
    """The word-count rows for docs/performance.md, with the targets of issue 9 judged."""
    out = ["", "## Word counts (issue 9)", "",
           f"Median of {runs} runs; `wc -w` is GNU coreutils with `LANG=C.UTF-8`, reading the same files.", ""]
    out += table(rows)
    out += ["", "Targets: at least as fast as `wc -w` on the same files.", ""]
    for row in rows:
        peer = row.peers[0]
        if row.ours.median_ms is None or peer.median_ms is None:
            out.append(f"- `{row.label}`: not measured (a run failed)")
            continue
        gap = row.ours.median_ms / peer.median_ms - 1
        verdict = "met" if gap <= 0 else f"missed by {gap * 100:.0f} %"
        out.append(f"- `{row.label}`: ours {fmt_ms(row.ours.median_ms)} ms, `wc -w` {fmt_ms(peer.median_ms)} ms: {verdict}")
    return out


# --------------------------------------------------------------------------------------------
# Progress over time (issue 31): reading ten years of counts, and the commands that count no words


PROGRESS_PROJECTS, PROGRESS_DAYS = 100, 3650   # 365,000 lines of counts
PROGRESS_TARGET_MS = 50
PROGRESS_HEADING = "## Progress over time (issue 31)"
PROGRESS_UNCOUNTED = 1000                      # projects in the store of the before-and-after rows


def measure_progress_rows(bench: Bench, runs: int) -> list[Row]:
    """Writes one machine's log of 100 projects counted once a day for ten years, ending today
    (365,000 lines, as the tool writes them), then times `progress --json` and `progress` against
    `wc -l` reading the same log; checks the days and the streak. Then, with the baseline binary
    when there is one, times the commands that count no words (`list`, `show`, `edit -d`, `add
    --no-folder`) against the build from before progress, each binary with its own copy of a store
    of 1,000 projects: recording must cost them nothing."""
    root = bench.work / "progress"
    root.mkdir()
    store = root / "projects.json"
    ids = [uuid.UUID(int=n + 1) for n in range(PROGRESS_PROJECTS)]
    document = {"version": 2, "sort": "name", "root": None, "projects": [
        {"id": str(project), "name": f"Project {n:03d}", "type": "novel", "created": "2026-01-01T00:00:00.000Z",
         "details": None, "target": 1_000_000}
        for n, project in enumerate(ids)]}
    (root / "import.json").write_text(json.dumps(document), encoding="utf-8")
    imported = bench.run([str(bench.binary), "import", str(root / "import.json"), "--store", str(store)])
    if imported.code != 0:
        fail(f"project import for progress failed (exit {imported.code}): {imported.err[:500]}")
    today = int(time.time()) // 86_400
    first = today - PROGRESS_DAYS + 1
    (root / "progress").mkdir()
    log_path = root / "progress" / f"{uuid.UUID(int=999)}.log"
    with log_path.open("w", encoding="ascii") as out:
        for day in range(first, today + 1):
            for n, project in enumerate(ids):
                out.write(f"c {day * 86_400 + 43_200} 0 {project} {n * 1000 + (day - first) * 50}\n")
    lines = PROGRESS_PROJECTS * PROGRESS_DAYS
    log(f"  progress: {lines:,} lines of counts ({log_path.stat().st_size / 1e6:.1f} MB)")
    ours_args = lambda *args: [str(bench.binary), *args, "--store", str(store)]

    def json_check(_: int, outcome: Outcome) -> Optional[str]:
        try:
            found = json.loads(outcome.out)
        except json.JSONDecodeError:
            return "progress --json did not print an object"
        words = [d["words"] for d in found["days"]]
        expected = [PROGRESS_PROJECTS * 50] * 30
        if words != expected:
            return f"days {words[:3]}… where every day is {expected[0]}"
        if found["streak"]["longest"] != PROGRESS_DAYS - 1:
            return f"longest streak {found['streak']['longest']}, expected {PROGRESS_DAYS - 1}"
        return None

    def text_check(_: int, outcome: Outcome) -> Optional[str]:
        return None if "Today: 5,000 words" in outcome.out else "no line for today"

    wc_log = Case("wc -l", lambda i: [WC, "-l", str(log_path)], bench.base_env)
    rows = [
        Row(f"progress --json ({PROGRESS_PROJECTS} projects, {lines:,} counts)",
            Case("project progress --json", lambda i: ours_args("progress", "--json"), bench.base_env, ours=True,
                 check=json_check), [wc_log], reset=lambda: None),
        Row(f"progress ({PROGRESS_PROJECTS} projects, {lines:,} counts)",
            Case("project progress", lambda i: ours_args("progress"), bench.base_env, ours=True, check=text_check),
            [wc_log], reset=lambda: None),
    ]
    for row in rows:
        bench.measure(row, runs, PROGRESS_PROJECTS)
    if bench.baseline:
        rows += measure_uncounted_rows(bench, root, runs)
    shutil.rmtree(root, ignore_errors=True)
    return rows


def measure_uncounted_rows(bench: Bench, root: Path, runs: int) -> list[Row]:
    """The commands that count no words, this build against the baseline's, interleaved."""
    document = {"version": 2, "sort": "name", "root": None, "projects": [
        {"id": str(uuid.UUID(int=n + 1)), "name": f"Uncounted {n:04d}", "type": "blank",
         "created": "2026-01-01T00:00:00.000Z", "details": None}
        for n in range(PROGRESS_UNCOUNTED)]}
    (root / "uncounted.json").write_text(json.dumps(document), encoding="utf-8")
    stores = {}
    for who, binary in (("ours", bench.binary), ("base", bench.baseline)):
        folder = root / who
        folder.mkdir()
        stores[who] = folder / "projects.json"
        made = bench.run([str(binary), "import", str(root / "uncounted.json"), "--store", str(stores[who])])
        if made.code != 0:
            fail(f"import into the {who} store failed: {made.err[:300]}")

    def argv(who: str, binary: Path, args: Callable[[int], list[str]]) -> Callable[[int], list[str]]:
        return lambda i: [str(binary), *args(i), "--store", str(stores[who])]

    commands = [
        ("list", lambda i: ["list"]),
        ("show <name>", lambda i: ["show", "Uncounted 0500"]),
        ("edit -d <text>", lambda i: ["edit", "Uncounted 0500", "-d", f"text {i}"]),
        ("add --no-folder", lambda i: ["add", f"Added {i} {time.monotonic_ns()}", "--no-folder"]),
    ]
    rows = []
    for label, args in commands:
        row = Row(label, Case(f"project {label}", argv("ours", bench.binary, args), bench.base_env, ours=True),
                  [], reset=lambda: None,
                  reference=Case(f"baseline {label}", argv("base", bench.baseline, args), bench.base_env))
        bench.measure(row, runs, PROGRESS_UNCOUNTED)
        rows.append(row)
    return rows


def progress_section(rows: list[Row], runs: int, baseline: Optional[dict]) -> list[str]:
    """The progress rows for docs/performance.md, with the targets of issue 31 judged."""
    read_rows = [row for row in rows if row.peers]
    before_after = [row for row in rows if row.reference]
    out = ["", PROGRESS_HEADING, "",
           f"Median of {runs} runs. One machine's log of {PROGRESS_PROJECTS} projects counted once a day for "
           f"{PROGRESS_DAYS // 365} years, ending today; `wc -l` reads the same log once.", ""]
    out += table(read_rows)
    out += ["", f"Target: `progress` under {PROGRESS_TARGET_MS} ms.", ""]
    for row in read_rows:
        ms = row.ours.median_ms
        verdict = "not measured" if ms is None else ("met" if ms < PROGRESS_TARGET_MS else "missed")
        out.append(f"- `{row.label}`: {fmt_ms(ms)} ms: {verdict}")
    if before_after:
        commit = (baseline or {}).get("commit", "?")[:12]
        out += ["", f"The commands that count no words, at {PROGRESS_UNCOUNTED:,} projects, against the build of "
                f"{commit} (before progress), interleaved. Target: within 1.05×.", "",
                "| command | ours ms | before ms | ours / before |", "|---|--:|--:|--:|"]
        for row in before_after:
            ours, base = row.ours.median_ms, row.reference.median_ms
            ratio = f"{ours / base:.2f}×" if ours and base else "n/a"
            out.append(f"| `{row.label}` | {fmt_ms(ours)} | {fmt_ms(base)} | {ratio} |")
    return out


# --------------------------------------------------------------------------------------------
# Compile (issue 16): the tool's own work on a novel, with pandoc's conversion of the same text beside it


COMPILE_NOVEL = (150_000, 60)             # words, chapter files
COMPILE_TARGET_MS = 100                   # issue 16: finding, ordering, reading and assembling under 100 ms


def import_novel(bench: Bench, novel: Path, store: Path) -> None:
    """Makes `store` hold one novel, "Novel", whose folder is `novel`, through `project import`."""
    document = {"version": 2, "sort": "name", "root": None, "projects": [
        {"id": str(uuid.UUID(int=1)), "name": "Novel", "type": "novel", "created": "2026-01-01T00:00:00.000Z",
         "details": None, "folder": str(novel)}]}
    (store.parent / "import.json").write_text(json.dumps(document), encoding="utf-8")
    imported = bench.run([str(bench.binary), "import", str(store.parent / "import.json"), "--store", str(store)])
    if imported.code != 0:
        fail(f"project import of the novel failed (exit {imported.code}): {imported.err[:500]}")


def measure_compile_rows(bench: Bench, runs: int) -> list[Row]:
    """Makes a novel of 60 chapter files (150,000 words) in its Chapters folder, then times
    `project compile --to md`, the tool's own work end to end (start, store, finding, ordering,
    reading, cleaning, counting, assembling, writing), and beside it pandoc turning that Markdown
    into a DOCX with the reference document, as `compile` would (the converter's time, when pandoc
    is installed). Checks the chapters and the words compiled against the generator's count."""
    words, files = COMPILE_NOVEL
    root = bench.work / "compile"
    store = root / "projects.json"
    novel = root / "Novel"
    chapters = novel / "Chapters"
    expected = make_manuscript(root / "generated", words=words, files=files)
    chapters.mkdir(parents=True)
    for path in (root / "generated").rglob("*.md"):
        path.rename(chapters / path.name)
    shutil.rmtree(root / "generated")
    import_novel(bench, novel, store)
    markdown = root / "novel.md"
    reference = root / "reference.docx"
    made = bench.run([str(bench.binary), "compile", "Novel", "--to", "md", "--output", str(markdown), "--store", str(store)])
    if made.code != 0:
        fail(f"project compile failed (exit {made.code}): {made.err[:500]}")
    size_mb = sum(p.stat().st_size for p in chapters.glob("*.md")) / 1e6

    def compile_check(_: int, outcome: Outcome) -> Optional[str]:
        try:
            result = json.loads(outcome.out)
        except json.JSONDecodeError:
            return "compile --json did not print an object"
        if result.get("count") != files:
            return f"compiled {result.get('count')} chapters, the novel has {files}"
        return None if result.get("words") == expected else f"counted {result.get('words')} words, the novel has {expected:,}"

    peers = []
    pandoc = shutil.which("pandoc")
    if pandoc:
        # The reference document compile makes, kept by compiling once to DOCX with a pandoc that
        # copies its arguments' reference file aside.
        shim = root / "bin"
        shim.mkdir()
        (shim / "pandoc").write_text(
            "#!/bin/sh\nfor a; do case $a in --reference-doc=*) cp \"${a#--reference-doc=}\" "
            f"'{reference}';; esac; done\nexec '{pandoc}' \"$@\"\n", encoding="utf-8")
        (shim / "pandoc").chmod(0o755)
        bench.run([str(bench.binary), "compile", "Novel", "--output", str(root / "once.docx"), "--store", str(store)],
                  bench.env(PATH=f"{shim}:{bench.base_env.get('PATH', '/usr/bin:/bin')}"))
        peers.append(Case("pandoc to DOCX (the converter)", lambda i: [
            pandoc, str(markdown), "--from=markdown", "--to=docx", f"--output={root / 'novel.docx'}",
            f"--reference-doc={reference}"], bench.base_env))
    rows = [Row(f"compile --to md ({words:,} words, {files} chapter files, {size_mb:.1f} MB)",
                Case("project compile --to md", lambda i: [
                    str(bench.binary), "compile", "Novel", "--to", "md", "--output", str(markdown), "--force", "--json",
                    "--store", str(store)], bench.base_env, ours=True, check=compile_check),
                peers, reset=lambda: None)]
    for row in rows:
        bench.measure(row, runs, 1)
    shutil.rmtree(root, ignore_errors=True)
    return rows


def compile_section(rows: list[Row], runs: int) -> list[str]:
    """The compile rows for docs/performance.md, with the target of issue 16 judged."""
    out = ["", "## Compile (issue 16)", "",
           f"Median of {runs} runs. Ours is the whole `project compile --to md` process: the tool's own "
           "work (finding, ordering, reading, cleaning, counting and assembling the chapters, then writing "
           "the file), which every format shares. Beside it, pandoc turning that Markdown into a DOCX with "
           "the reference document `compile` makes: the converter's time, which the other formats add.", ""]
    out += table(rows)
    out += ["", f"Target: the tool's own work under {COMPILE_TARGET_MS} ms.", ""]
    for row in rows:
        median = row.ours.median_ms
        verdict = "not measured (a run failed)" if median is None else \
            ("met" if median < COMPILE_TARGET_MS else f"missed: {fmt_ms(median)} ms")
        out.append(f"- `{row.label}`: {verdict}")
    return out


# --------------------------------------------------------------------------------------------
# Versions (issue 29): snapshot of a novel, the word diff of two chapters beside git's, versions


VERSION_NOVEL = (150_000, 60)           # words, chapter files
VERSION_DIFF_WORDS = 5_000
VERSION_COUNT = 10_000
VERSION_TARGETS_MS = {"snapshot-first": 100, "snapshot-unchanged": 30, "diff": 50, "versions": 50}


def versioned_novel(bench: Bench, root: Path) -> tuple[Path, Path, int]:
    """A novel of 60 chapter files (150,000 words) imported into a store of its own: its folder,
    the store, and the words the generator wrote."""
    words, files = VERSION_NOVEL
    novel = root / "Novel"
    expected = make_manuscript(novel, words=words, files=files)
    store = root / "projects.json"
    import_novel(bench, novel, store)
    return novel, store, expected


def revised(text: str, rng: random.Random) -> str:
    """A revision of a chapter: one word in twenty replaced, a sentence's end changed now and then,
    and the second paragraph moved to the end."""
    paragraphs = [p for p in text.split("\n\n") if p.strip()]
    out = []
    for paragraph in paragraphs:
        words = paragraph.split(" ")
        for i in range(0, len(words), 20):
            words[i] = rng.choice(PROSE_WORDS)
        out.append(" ".join(words).replace(". ", "; ", 1))
    if len(out) > 3:
        out.append(out.pop(1))
    return "\n\n".join(out) + "\n"


def measure_version_rows(bench: Bench, runs: int) -> list[Row]:
    """Times `snapshot` of a 150,000-word novel in 60 files the first time (the shelf removed before
    each run, untimed) and unchanged, `diff` of two 5,000-word chapters beside `git diff --no-index
    --word-diff` on the same two files, and `versions` of a file with 10,000 versions. Checks what each
    says: 60 versions kept, 60 files unchanged, a count of words at the diff's end, 10,000 lines."""
    words, files = VERSION_NOVEL
    root = bench.work / "versions"
    novel, store, _ = versioned_novel(bench, root)
    env = bench.base_env
    shelf = novel / ".versions"
    ours = lambda *args: (lambda i: [str(bench.binary), *args, "--store", str(store)])

    def remove_shelf(_: int) -> None:
        if shelf.exists():
            for path in shelf.rglob("*"):
                path.chmod(0o755 if path.is_dir() else 0o644)
            shutil.rmtree(shelf)

    def kept_all(_: int, outcome: Outcome) -> Optional[str]:
        kept = [line for line in outcome.out.splitlines() if line.startswith("Kept version 1 of ")]
        return None if len(kept) == files else f"kept {len(kept)} versions, the novel has {files} files"

    def unchanged_all(_: int, outcome: Outcome) -> Optional[str]:
        return None if outcome.out.startswith(f"{files} files are unchanged") else f"said: {outcome.out[:200]}"

    rows = [Row(f"snapshot, first ({words:,} words, {files} files)",
                Case("project snapshot", ours("snapshot", "Novel"), env, ours=True, before=remove_shelf, check=kept_all),
                [], reset=lambda: None)]
    for row in rows:
        bench.measure(row, runs, 1)
    bench.run(ours("snapshot", "Novel")(0), env)
    unchanged = Row(f"snapshot, unchanged ({words:,} words, {files} files)",
                    Case("project snapshot", ours("snapshot", "Novel"), env, ours=True, check=unchanged_all),
                    [], reset=lambda: None)
    bench.measure(unchanged, runs, 1)
    rows.append(unchanged)

    # Two chapters of 5,000 words: the first kept as a version, the second today's text.
    generated = root / "chapter"
    make_manuscript(generated, words=VERSION_DIFF_WORDS, files=1, seed=SEED + 29)
    first = next(generated.rglob("*.md")).read_text(encoding="utf-8")
    second = revised(first, random.Random(SEED + 30))
    chapter = novel / "Revised.md"
    chapter.write_text(first, encoding="utf-8")
    bench.run(ours("snapshot", "Novel", "Revised.md")(0), env)
    chapter.write_text(second, encoding="utf-8")
    kept = bench.run(ours("path", "Novel", "--version", "Revised.md", "1")(0), env).out.strip()
    git = shutil.which("git")

    def counted(_: int, outcome: Outcome) -> Optional[str]:
        last = outcome.out.rstrip("\n").splitlines()[-2:]
        return None if any(re.match(r"^\+[\d,]+ words?, −[\d,]+ words?$", line) for line in last) \
            else f"no count of words at the end: {last}"

    def git_diffed(_: int, outcome: Outcome) -> Optional[str]:
        return None if "{+" in outcome.out and "[-" in outcome.out else "git printed no word diff"

    git_case = [Case("git diff --no-index --word-diff", lambda i: [
        git, "diff", "--no-index", "--word-diff=plain", "--no-color", kept, str(chapter)],
        {**env, "GIT_CONFIG_NOSYSTEM": "1", "HOME": str(root)}, check=git_diffed)] if git else []
    # git says 1 when the files differ: the check above stands in for the exit status.
    for case in git_case:
        case.argv = (lambda argv: (lambda i: ["/bin/sh", "-c", '"$@"; [ $? -le 1 ]', "git-diff", *argv(i)]))(case.argv)
    diff = Row(f"diff of two {VERSION_DIFF_WORDS:,}-word chapters",
               Case("project diff", ours("diff", "Novel", "Revised.md"), env, ours=True, check=counted),
               git_case, reset=lambda: None)
    bench.measure(diff, runs, 1)
    rows.append(diff)

    # A file with 10,000 versions: records written as a machine would have, on one kept text.
    text_name = next((shelf / "texts").iterdir()).name
    machine = "00000000-0000-4000-8000-000000000029"
    start = 1_800_000_000_000
    with (shelf / "machines" / f"{machine}.versions").open("w", encoding="utf-8") as records:
        for n in range(VERSION_COUNT):
            moment = dt.datetime.fromtimestamp((start + n * 1000) / 1000, dt.timezone.utc)
            records.write(json.dumps({
                "id": f"{n:012x}", "file": "Many.md", "text": text_name, "clock": f"{start + n * 1000}.0",
                "time": iso_ms(moment), "machine": machine, "machineName": "bench", "words": 2500,
                "note": f"version {n + 1}"}) + "\n")

    def listed_all(_: int, outcome: Outcome) -> Optional[str]:
        lines = outcome.out.count("\n")
        return None if lines == VERSION_COUNT + 1 else f"listed {lines - 1} versions, not {VERSION_COUNT:,}"

    listing = Row(f"versions of a file with {VERSION_COUNT:,} versions",
                  Case("project versions", ours("versions", "Novel", "Many.md"), env, ours=True, check=listed_all),
                  [], reset=lambda: None)
    bench.measure(listing, runs, 1)
    rows.append(listing)
    remove_shelf(0)
    shutil.rmtree(root, ignore_errors=True)
    return rows


def version_section(rows: list[Row], runs: int) -> list[str]:
    """The version rows for docs/performance.md, each judged against issue 29's target."""
    out = ["", "## Versions (issue 29)", "",
           f"Median of {runs} runs, each the whole process. `snapshot` of a novel of "
           f"{VERSION_NOVEL[0]:,} words in {VERSION_NOVEL[1]} files the first time (its shelf removed before "
           "each run, untimed) and unchanged; `diff` of two chapters of "
           f"{VERSION_DIFF_WORDS:,} words (one word in twenty replaced, a paragraph moved) beside `git diff "
           "--no-index --word-diff=plain` on the same two files; `versions` of a file with "
           f"{VERSION_COUNT:,} versions.", ""]
    out += table(rows)
    out.append("")
    return out + verdicts(rows, ["snapshot-first", "snapshot-unchanged", "diff", "versions"], VERSION_TARGETS_MS)


def verdicts(rows: list[Row], keys: list[str], targets_ms: dict[str, int]) -> list[str]:
    """Each row judged against its target: met, missed by how much, or not measured."""
    out = []
    for row, key in zip(rows, keys):
        median, target = row.ours.median_ms, targets_ms[key]
        verdict = "not measured (a run failed)" if median is None else \
            ("met" if median < target else f"missed: {fmt_ms(median)} ms")
        out.append(f"- `{row.label}`: under {target} ms: {verdict}")
    return out


# --------------------------------------------------------------------------------------------
# Submissions (issue 30): the lists and figures of a busy writer's submissions, and a packet sent


SUBMISSION_MARKETS = 100
SUBMISSION_COUNT = 10_000
SUBMISSION_PACKET = 5
SUBMISSION_TARGETS_MS = {"pending": 30, "market-show": 30, "submit": 50}


def submissions_document(folder: Path) -> dict:
    """An export document: "Poems" (its folder `folder`), 100 markets and 10,000 submissions of one
    to five pieces over ten years, a fifth still out, the rest answered."""
    rng = random.Random(SEED + 30)
    project = str(uuid.UUID(int=1))
    markets = [{"id": str(uuid.UUID(int=0x3A << 120 | n)), "name": f"Market {n + 1}", "kind": "magazine", "url": None,
                "deadline": None, "simultaneous": "yes", "multiple": "yes", "notes": None,
                "response-days": str(rng.choice([30, 60, 90]))} for n in range(SUBMISSION_MARKETS)]
    start = dt.date(2016, 1, 1)
    submissions = []
    for n in range(SUBMISSION_COUNT):
        sent = start + dt.timedelta(days=n * 3650 // SUBMISSION_COUNT)
        pieces = []
        for p in range(rng.randint(1, 5)):
            status = "pending" if rng.random() < 0.2 else rng.choice(["rejected", "rejected", "rejected", "accepted", "withdrawn"])
            answered = None if status == "pending" else str(min(sent + dt.timedelta(days=rng.randint(1, 200)), dt.date(2026, 1, 1)))
            pieces.append({"file": f"Poem {rng.randint(1, 400)}.md", "version": f"{n:08x}{p:04x}", "number": 1,
                           "status": status, "responded": answered, "responseNote": None})
        submissions.append({"id": str(uuid.UUID(int=0x5B << 120 | n)), "market": markets[n % SUBMISSION_MARKETS]["id"],
                            "project": project, "projectName": "Poems", "sent": str(sent), "note": None, "pieces": pieces})
    return {"version": 3, "sort": "name", "root": None, "projects": [
        {"id": project, "name": "Poems", "type": "poetry", "created": "2016-01-01T00:00:00.000Z", "details": None,
         "folder": str(folder)}], "markets": markets, "submissions": submissions}


def measure_submission_rows(bench: Bench, runs: int) -> list[Row]:
    """Times `submissions --pending` and `market show` in a store of 100 markets and 10,000
    submissions, and `submit` of a packet of five poems, each rewritten before the run (untimed) so
    that every run keeps five versions. Checks what each says."""
    root = bench.work / "submissions"
    folder = root / "Poems"
    folder.mkdir(parents=True)
    store = root / "projects.json"
    (root / "import.json").write_text(json.dumps(submissions_document(folder)), encoding="utf-8")
    imported = bench.run([str(bench.binary), "import", str(root / "import.json"), "--store", str(store)])
    if imported.code != 0:
        fail(f"project import of the submissions failed (exit {imported.code}): {imported.err[:500]}")
    env = bench.base_env
    ours = lambda *args: (lambda i: [str(bench.binary), *args, "--store", str(store)])

    def listed_pending(_: int, outcome: Outcome) -> Optional[str]:
        lines = outcome.out.count("\n")
        return None if lines > SUBMISSION_COUNT // 10 and "out " in outcome.out else f"listed {lines} lines"

    def figures(_: int, outcome: Outcome) -> Optional[str]:
        return None if "Acceptance rate:" in outcome.out and "100 submissions" in outcome.out else f"said: {outcome.out[:300]}"

    rows = [
        Row(f"submissions --pending ({SUBMISSION_MARKETS} markets, {SUBMISSION_COUNT:,} submissions)",
            Case("project submissions --pending", ours("submissions", "--pending"), env, ours=True, check=listed_pending),
            [], reset=lambda: None),
        Row(f"market show ({SUBMISSION_COUNT:,} submissions)",
            Case("project market show", ours("market", "show", "Market 7"), env, ours=True, check=figures),
            [], reset=lambda: None),
    ]
    poems = [f"Packet {n + 1}.md" for n in range(SUBMISSION_PACKET)]

    def rewrite(i: int) -> None:
        for name in poems:
            (folder / name).write_text(f"{name}, draft {i}: the light on the water, the boat, the gull.\n", encoding="utf-8")

    def packet_sent(_: int, outcome: Outcome) -> Optional[str]:
        return None if outcome.out.startswith("Recorded submission ") and f"{SUBMISSION_PACKET} pieces" in outcome.out \
            else f"said: {outcome.out[:300]}"

    rows.append(Row(f"submit of a packet of {SUBMISSION_PACKET} poems, its versions kept",
                    Case("project submit", ours("submit", "Poems", *poems, "--to", "Market 1", "--force"), env, ours=True,
                         before=rewrite, check=packet_sent),
                    [], reset=lambda: None))
    for row in rows:
        bench.measure(row, runs, 1)
    shutil.rmtree(root, ignore_errors=True)
    return rows


def submission_section(rows: list[Row], runs: int) -> list[str]:
    """The submission rows for docs/performance.md, each judged against issue 30's target."""
    out = ["", "## Submissions (issue 30)", "",
           f"Median of {runs} runs, each the whole process, in a store of {SUBMISSION_MARKETS} markets and "
           f"{SUBMISSION_COUNT:,} submissions of one to five pieces (a fifth still out): `submissions --pending`, "
           f"`market show`, and `submit` of a packet of {SUBMISSION_PACKET} poems, each rewritten before the run "
           "(untimed), so that every run keeps five versions.", ""]
    out += table(rows)
    out.append("")
    return out + verdicts(rows, ["pending", "market-show", "submit"], SUBMISSION_TARGETS_MS)


# --------------------------------------------------------------------------------------------
# History (issue 10): every change with its history against a build without history, and undo
# and redo against the change they reverse


HISTORY_BASELINE = "534b866"     # the commit before history: folders, no history, store version 2
HISTORY_TARGET = 1.15            # issue 10: every change within 1.15x of its time without history
UNDO_TARGET = 1.05               # "as fast as the change it reverses": within 5 %, our reading of noise
HISTORY_PREFILL_PAIRS = 50       # changes made and taken back by hand before the rows: 100 events
DEFAULT_HISTORY_SIZES = "1000,10000"
# The two histories the rows run with: (key, what the report calls it). "import" keeps the entry of
# the `project import` that made the store, which names every project; "small" starts afresh after it.
HISTORY_VARIANTS = [("small", "100 recent changes, no import entry"),
                    ("import", "the import of every project, then 100 recent changes")]


def count_lines(path: Path) -> int:
    """How many lines a file holds (0 when it is missing)."""
    try:
        with path.open("rb") as f:
            return sum(1 for _ in f)
    except FileNotFoundError:
        return 0


def last_event(path: Path) -> dict:
    """The newest event of a history file, parsed; {} when there is none."""
    try:
        lines = path.read_bytes().rstrip(b"\n").split(b"\n")
    except FileNotFoundError:
        return {}
    return json.loads(lines[-1]) if len(lines) > 1 else {}


def appended_check(path: Path, what: str, expected: int, change: str) -> Callable[[], Optional[str]]:
    """A check, after a row, that a file of changes (a history, a machine's log) holds `expected`
    lines and that its newest is a `change`: every timed run was recorded."""
    def verify() -> Optional[str]:
        lines = count_lines(path)
        if lines != expected:
            return f"{what} has {lines} lines, expected {expected}"
        got = last_event(path).get("change")
        return None if got == change else f"the newest change of {what} is {got!r}, expected {change!r}"
    return verify


def keep_pristine(store: Path, pristine: Path) -> None:
    """Keeps a copy of a store and of its history, if it has one, to start each row from."""
    shutil.copyfile(store, pristine)
    history = Path(str(store) + ".history")
    if history.exists():
        shutil.copyfile(history, Path(str(pristine) + ".history"))


def restore_pristine(store: Path, pristine: Path) -> None:
    """Puts back a store and its history together: a store put back without its history would be
    older than the history, which `project` refuses to write over (its changes are evidence)."""
    shutil.copyfile(pristine, store)
    history, kept = Path(str(store) + ".history"), Path(str(pristine) + ".history")
    if kept.exists():
        shutil.copyfile(kept, history)
    elif history.exists():
        history.unlink()


def comparable_store(path: Path) -> dict:
    """A store file's content as the writer sees it, to compare two stores' projects and settings:
    without the store's own bookkeeping (its revision, clock and history mark, and whether a move has
    noted the default order) nor the order keys (a project moved away and back has the same position
    under a new key)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    for field in ("revision", "clock", "history", "unrecorded", "orderNoted"):
        data.pop(field, None)
    for project in data.get("projects", []):
        project.pop("place", None)
    return data


class HistoryRun:
    """The stores of one size and one history, and the rows of issue 10 measured on them.

    Ours: a store made by `project import` of the same document as every other row, then a history
    beside it of `HISTORY_PREFILL_PAIRS` changes each made and taken back by hand (rename and rename
    back, move to the top and back, edit the details and back), so the projects are exactly as
    imported and the history holds realistic events; with the variant "small" the import's own entry
    is cleared first (`history --clear`), with "import" it stays (one line naming every project).
    The baseline (a build from before history) gets its own `import` of the same document. Both
    stores, and our history, are restored before each row."""

    def __init__(self, bench: Bench, size: int, runs: int, baseline: Optional[Path], variant: str):
        self.bench, self.size, self.runs, self.baseline, self.variant = bench, size, runs, baseline, variant
        self.dir = bench.work / f"history-{size}-{variant}"
        self.dir.mkdir()
        self.items, self.taken = make_items(size, SEED + size)
        self.store = self.dir / "projects.json"
        self.history = Path(str(self.store) + ".history")
        self.pristine = self.dir / "projects.pristine.json"
        self.history_pristine = self.dir / "history.pristine"
        self.base_store = self.dir / "baseline.json"
        self.base_pristine = self.dir / "baseline.pristine.json"
        self.root = self.dir / "root"
        self.other_roots = [self.dir / "root-a", self.dir / "root-b"]   # what `root` sets, in turn
        self.used: set[str] = set()
        self.change_rows: list[Row] = []       # with history against the baseline
        self.undo_rows: list[Row] = []         # a change, its undo and its redo
        self.info: dict = {}

    # ---- commands

    def env(self) -> dict:
        return self.bench.env(PROJECT_ROOT=str(self.root))

    def ours(self, *args: str) -> list[str]:
        return [str(self.bench.binary), *args, "--store", str(self.store)]

    def base(self, *args: str) -> list[str]:
        return [str(self.baseline), *args, "--store", str(self.base_store)]

    def run_untimed(self, argv: list[str], what: str) -> Outcome:
        """Runs a command that prepares a timed one; a failure fails the run."""
        outcome = self.bench.run(argv, self.env())
        if outcome.code != 0:
            self.bench.failures.append(f"[{self.size:,} {self.variant}] untimed {what}: exit {outcome.code}: "
                                       f"{outcome.err.strip()[:200]}")
        return outcome

    def pick(self, fraction: float, with_details: bool = False) -> Item:
        """A project not used by another row, from about `fraction` into the writer's order."""
        start = int(self.size * fraction)
        for k in list(range(start, self.size)) + list(range(0, start)):
            it = self.items[k]
            if it.name in self.used or it.name in ANCHORS or (with_details and not it.details):
                continue
            self.used.add(it.name)
            return it
        fail("no project left to pick")

    def fresh_name(self, stem: str) -> str:
        n = 1
        while coarse_key(f"{stem} {n}") in self.taken:
            n += 1
        self.taken.add(coarse_key(f"{stem} {n}"))
        return f"{stem} {n}"

    # ---- stores

    def make_stores(self) -> None:
        """Imports the document into ours and the baseline's stores, then writes our history."""
        self.root.mkdir()
        for folder in self.other_roots:
            folder.mkdir()
        document = self.dir / "export.json"
        document.write_text(json.dumps({"version": 1, "sort": "name", "projects": [
            {"id": it.id, "name": it.name, "type": it.kind, "created": iso_ms(it.created),
             "details": it.details, "position": k + 1} for k, it in enumerate(self.items)]},
            ensure_ascii=False), encoding="utf-8")
        if self.run_untimed(self.ours("import", str(document)), "import").code != 0:
            fail(f"project import of {self.size:,} projects failed")
        imported = comparable_store(self.store)
        if self.variant == "small":
            self.run_untimed(self.ours("history", "--clear", "--yes"), "history --clear")
        self.prefill()
        if comparable_store(self.store) != imported:
            fail(f"[{self.size:,}] the changes that fill the history did not leave the projects as imported")
        shutil.copyfile(self.store, self.pristine)
        shutil.copyfile(self.history, self.history_pristine)
        self.info = {"events": count_lines(self.history) - 1, "history_kb": self.history.stat().st_size / 1e3,
                     "store_mb": self.store.stat().st_size / 1e6, "version": store_version(self.store)}
        if self.baseline:
            if self.bench.run(self.base("import", str(document)), self.env()).code != 0:
                fail(f"the baseline's import of {self.size:,} projects failed")
            shutil.copyfile(self.base_store, self.base_pristine)
            self.info["base_version"] = store_version(self.base_store)
            self.info["base_store_mb"] = self.base_store.stat().st_size / 1e6
        log(f"  [{self.size:,} {self.variant}] history of {self.info['events']} events, "
            f"{self.info['history_kb']:.0f} kB")

    def prefill(self) -> None:
        """Fills the history with pairs of changes that cancel out: the projects stay as imported."""
        for k in range(HISTORY_PREFILL_PAIRS):
            kind = k % 3
            if kind == 0:
                it = self.pick(0.1)
                new = self.fresh_name(fit(it.name[:40]) + " (retitled)")
                pairs = [["rename", it.name, new], ["rename", new, it.name]]
            elif kind == 1:
                it = self.pick(0.8)
                position = self.items.index(it) + 1
                pairs = [["move", it.name, "--to", "1"], ["move", it.name, "--to", str(position)]]
            else:
                it = self.pick(0.9, with_details=True)
                pairs = [["edit", it.name, "-d", f"Revision notes {k}"], ["edit", it.name, "-d", it.details]]
            for args in pairs:
                self.run_untimed(self.ours(*args), f"{args[0]} filling the history")

    def reset(self) -> None:
        shutil.copyfile(self.pristine, self.store)
        shutil.copyfile(self.history_pristine, self.history)
        if self.baseline:
            shutil.copyfile(self.base_pristine, self.base_store)
        for folder in [self.root] + self.other_roots:
            shutil.rmtree(folder)
            folder.mkdir()

    # ---- checks

    def verify_history(self, change: str, events_per_run: int):
        """A check, after a row, that every timed run of ours was recorded: the history grew by
        `events_per_run` events a run and its newest event is a `change`."""
        expected = self.info["events"] + 1 + events_per_run * (self.runs + 1)
        return appended_check(self.history, "the history", expected, change)

    # ---- the rows

    def build_change_rows(self) -> None:
        """Every changing command, ours with history against the baseline without, in turn."""
        total = self.runs + 1
        rename_item, move_item, edit_item = self.pick(0.5), self.pick(0.33), self.pick(0.25)
        rename_to = self.fresh_name(fit(rename_item.name[:45]) + " revised")
        deleted = [self.pick(0.6) for _ in range(total)]
        names = {key: [self.fresh_name(stem) for _ in range(total)] for key, stem in (
            ("plain", "Listed story"), ("folder", "Story with a folder"), ("base folder", "Earlier story"),
            ("extra", "Scratch piece"))}

        def renamed(i: int) -> list[str]:
            return [rename_item.name, rename_to] if i % 2 == 0 else [rename_to, rename_item.name]

        def untimed_add(binary: Callable[..., list[str]]):
            return lambda i: self.run_untimed(binary("add", names["extra"][i], "--no-folder"), "add before delete")

        commands = [
            # label, arguments of run i, the history's name of the change, events a run, untimed step
            ("add <new name> --no-folder", lambda i: ["add", names["plain"][i], "--no-folder"], "add", 1, None),
            ("add <new name> (makes its folder)", None, "add", 1, None),
            ("rename (two names in turn)", lambda i: ["rename", *renamed(i)], "rename", 1, None),
            ("edit -d <text>", lambda i: ["edit", edit_item.name, "-d", f"Third draft ({i})"], "edit", 1, None),
            ("move --to 1 / --bottom", lambda i: ["move", move_item.name, *(["--to", "1"] if i % 2 == 0 else
                                                                            ["--bottom"])], "move", 1, None),
            ("delete --yes (after an untimed add)", lambda i: ["delete", deleted[i].name, "--yes"], "delete", 2,
             "add"),
            ("sort user / name", lambda i: ["sort", "user" if i % 2 == 0 else "name"], "sort", 1, None),
            ("root <folder> (two in turn)", lambda i: ["root", str(self.other_roots[i % 2])], "root", 1, None),
        ]
        for label, args, change, per_run, untimed in commands:
            if args is None:        # add with its folder: each binary its own names, in the one root
                ours_args = lambda i: ["add", names["folder"][i]]
                base_args = lambda i: ["add", names["base folder"][i]]
            else:
                ours_args = base_args = args
            reference = None
            if self.baseline:
                reference = Case(f"{label} (without history)", lambda i, a=base_args: self.base(*a(i)), self.env(),
                                 ours=True, before=untimed_add(self.base) if untimed else None)
            self.change_rows.append(Row(
                label,
                Case(f"{label} (with history)", lambda i, a=ours_args: self.ours(*a(i)), self.env(), ours=True,
                     before=untimed_add(self.ours) if untimed else None),
                [], self.reset, self.verify_history(change, per_run), reference=reference))

    def build_undo_rows(self) -> None:
        """For each kind of change, in every round: the change (timed), `undo` of that change just
        made (timed), `redo` of it (timed). The change is fresh each round, so every undo reverses
        a change of its own, and the redo the change that undo took back."""
        total = self.runs + 1
        rename_item, move_item, edit_item = self.pick(0.45), self.pick(0.3), self.pick(0.2)
        rename_to = self.fresh_name(fit(rename_item.name[:45]) + " retitled")
        deleted = [self.pick(0.55) for _ in range(total)]
        added = [self.fresh_name("Undone story") for _ in range(total)]
        extra = [self.fresh_name("Scratch note") for _ in range(total)]

        def said(word: str):
            def check(i: int, o: Outcome) -> Optional[str]:
                return None if o.out.startswith(word) else f"expected {word!r}, got {o.out.strip()[:80]!r}"
            return check

        def folder_made(i: int, o: Outcome) -> Optional[str]:
            return None if (self.root / added[i]).is_dir() else f"no folder {added[i]!r} in the root"

        def folder_gone(i: int, o: Outcome) -> Optional[str]:
            if (self.root / added[i]).exists():
                return f"the folder {added[i]!r} is still in the root after undo"
            return said("Undone")(i, o)

        def redone_with_folder(i: int, o: Outcome) -> Optional[str]:
            return said("Redone")(i, o) or folder_made(i, o)

        def add_extra(i: int) -> None:
            self.run_untimed(self.ours("add", extra[i], "--no-folder"), "add before delete")

        kinds = [
            # label, the change of round i, the history's name, untimed step before the change
            ("rename", lambda i: ["rename", rename_item.name, rename_to] if i % 2 == 0
             else ["rename", rename_to, rename_item.name], "rename", None),
            ("edit -d", lambda i: ["edit", edit_item.name, "-d", f"Fourth draft ({i})"], "edit", None),
            ("move --to 1 / --bottom", lambda i: ["move", move_item.name, *(["--to", "1"] if i % 2 == 0
                                                                             else ["--bottom"])], "move", None),
            ("delete --yes", lambda i: ["delete", deleted[i].name, "--yes"], "delete", add_extra),
            ("add (makes its folder)", lambda i: ["add", added[i]], "add", None),
        ]
        for label, args, change, before in kinds:
            with_folder = change == "add"
            self.undo_rows.append(Row(
                label,
                Case(label, lambda i, a=args: self.ours(*a(i)), self.env(), ours=True, before=before,
                     check=folder_made if with_folder else None),
                [], self.reset, self.verify_undo(change, before is not None),
                also=[Case("undo", lambda i: self.ours("undo"), self.env(), ours=True,
                           check=folder_gone if with_folder else said("Undone")),
                      Case("redo", lambda i: self.ours("redo"), self.env(), ours=True,
                           check=redone_with_folder if with_folder else said("Redone"))]))

    def verify_undo(self, change: str, untimed_add: bool):
        """After a row of change, undo, redo: three events a round (four with an untimed add), and
        the newest is the redo of a `change`."""
        per_run = 4 if untimed_add else 3
        expected = self.info["events"] + 1 + per_run * (self.runs + 1)

        def verify() -> Optional[str]:
            lines = count_lines(self.history)
            if lines != expected:
                return f"the history has {lines} lines, expected {expected}"
            newest = last_event(self.history)
            if "redo" not in newest:
                return f"the newest event is not a redo: {sorted(newest)}"
            return None
        return verify

    def measure(self) -> None:
        for row in self.change_rows + self.undo_rows:
            self.bench.measure(row, self.runs, self.size)


def measure_history_rows(bench: Bench, sizes: list[int], runs_for: Callable[[int], int],
                         baseline: Optional[Path], variants: list[str]) -> list[HistoryRun]:
    """Runs the rows of issue 10 at each size and with each history; without a baseline binary only
    the undo and redo rows (what --check runs)."""
    done = []
    for size in sizes:
        for variant in variants:
            log(f"history: {size:,} projects, {dict(HISTORY_VARIANTS)[variant]}")
            run = HistoryRun(bench, size, runs_for(size), baseline, variant)
            run.make_stores()
            if baseline:
                run.build_change_rows()
            run.build_undo_rows()
            run.measure()
            done.append(run)
            shutil.rmtree(run.dir)
    return done


def history_change_table(rows: list[Row]) -> list[str]:
    """With history against without, with the verdict on wall and on CPU time."""
    out = ["| command | with history ms | CPU ms | without ms | CPU ms | ratio | CPU ratio "
           f"| within {HISTORY_TARGET:.2f}× (wall / CPU) |",
           "|---|--:|--:|--:|--:|--:|--:|---|"]
    for row in rows:
        got, cpu = over(row), cpu_over(row)
        if got is None or cpu is None:
            mark = "failed"
        else:
            mark = " / ".join("yes" if r <= HISTORY_TARGET else f"**no** (+{(r / HISTORY_TARGET - 1) * 100:.0f} %)"
                              for r in (got, cpu))
        label = f"`{row.label}`" + (" **wrong result**" if row.problems else "")
        out.append(f"| {label} | {fmt_ms(row.ours.median_ms)} | {fmt_ms(row.ours.cpu_ms)} "
                   f"| {fmt_ms(row.reference.median_ms)} | {fmt_ms(row.reference.cpu_ms)} "
                   f"| {'–' if got is None else f'{got:.2f}×'} | {'–' if cpu is None else f'{cpu:.2f}×'} | {mark} |")
    return out


def undo_table(rows: list[Row]) -> list[str]:
    """Each change, its undo and its redo: medians, and undo / change, redo / change."""
    out = ["| change | change ms | CPU ms | undo ms | CPU ms | redo ms | CPU ms | undo / change (CPU) "
           f"| redo / change (CPU) | within {UNDO_TARGET:.2f}× (wall / CPU) |",
           "|---|--:|--:|--:|--:|--:|--:|--:|--:|---|"]
    for row in rows:
        change, undo, redo = row.ours, row.also[0], row.also[1]
        cells, marks = [], []
        for case in (undo, redo):
            if None in (case.median_ms, change.median_ms, case.cpu_ms) or not change.cpu_ms:
                cells.append("–")
                marks.append("failed")
                continue
            wall, cpu = case.median_ms / change.median_ms, case.cpu_ms / change.cpu_ms
            cells.append(f"{wall:.2f}× ({cpu:.2f}×)")
            marks.append("/".join("yes" if r <= UNDO_TARGET else "**no**" for r in (wall, cpu)))
        label = f"`{row.label}`" + (" **wrong result**" if row.problems else "")
        out.append(f"| {label} | {fmt_ms(change.median_ms)} | {fmt_ms(change.cpu_ms)} | {fmt_ms(undo.median_ms)} "
                   f"| {fmt_ms(undo.cpu_ms)} | {fmt_ms(redo.median_ms)} | {fmt_ms(redo.cpu_ms)} | {cells[0]} "
                   f"| {cells[1]} | undo {marks[0]}, redo {marks[1]} |")
    return out


def history_section(runs: list[HistoryRun], baseline_info: Optional[dict], load: tuple) -> list[str]:
    """The rows of issue 10 for docs/performance.md."""
    out = ["", "## History (issue 10)", "",
           f"Load average (1 min) {load[0][0]:.2f} at the start of these rows, {load[1][0]:.2f} at the end."]
    if baseline_info and baseline_info.get("binary"):
        out += ["", "Without history: the binary given with `--history-baseline-binary`, on its own store made "
                "by its own `import` of the same document. Target: every change within "
                f"{HISTORY_TARGET:.2f}× of its time without history."]
    elif baseline_info:
        out += ["", f"Without history: the release build of `{baseline_info['commit'][:7]}` "
                f"\"{baseline_info['title']}\", the commit before history, on its own store made by its own "
                "`import` of the same document. Target: every change within "
                f"{HISTORY_TARGET:.2f}× of its time without history."]
    out += ["", f"Undo and redo: in every round the change, then `undo` of it, then `redo` of it, each "
            f"timed; the target \"as fast as the change it reverses\" is read as within {UNDO_TARGET:.2f}×."]
    for run in runs:
        info = run.info
        out += ["", f"### {run.size:,} projects, history: {dict(HISTORY_VARIANTS)[run.variant]}", "",
                f"Median of {run.runs} runs of each, in turn. Our store {info['store_mb']:.1f} MB (version "
                f"{info['version']}), its history {info['events']} events ({info['history_kb']:.0f} kB) before "
                "each row, restored before each row"
                + (f"; the store without history {info['base_store_mb']:.1f} MB (version {info['base_version']})."
                   if run.baseline else ".")]
        if run.change_rows:
            out += [""] + history_change_table(run.change_rows)
        out += [""] + undo_table(run.undo_rows)
    out += ["", "### Targets of issue 10", "", "Judged on this run's medians, on wall time (CPU time in brackets)."]
    out += targets_issue10(runs)
    return out


def targets_issue10(runs: list[HistoryRun]) -> list[str]:
    """The verdicts on the speed targets of issue 10, one line for each size and history."""
    lines = [""]
    for run in runs:
        where = f"{run.size:,}, {dict(HISTORY_VARIANTS)[run.variant]}"
        if run.change_rows:
            ratios = [(row, over(row), cpu_over(row)) for row in run.change_rows]
            if any(got is None for _, got, _ in ratios):
                lines.append(f"- {where}: every change within {HISTORY_TARGET:.2f}× of its time without history: "
                             "not measured (a command failed)")
            else:
                slow = [f"`{row.label}` {got:.2f}× ({cpu or 0:.2f}×)" for row, got, cpu in ratios if got > HISTORY_TARGET]
                lines.append(f"- {where}: every change within {HISTORY_TARGET:.2f}× of its time without history: "
                             + (f"**not met** (over: {', '.join(slow)})" if slow else "met"))
        over_undo = []
        for row in run.undo_rows:
            change = row.ours
            for case in row.also:
                if case.median_ms is None or change.median_ms is None:
                    over_undo.append(f"`{case.label}` of `{row.label}` failed")
                elif case.median_ms / change.median_ms > UNDO_TARGET:
                    cpu = case.cpu_ms / change.cpu_ms if case.cpu_ms and change.cpu_ms else 0
                    over_undo.append(f"`{case.label}` of `{row.label}` {case.median_ms / change.median_ms:.2f}× "
                                     f"({cpu:.2f}×)")
        lines.append(f"- {where}: `undo` and `redo` within {UNDO_TARGET:.2f}× of the change they reverse: "
                     + (f"**not met** (over: {', '.join(over_undo)})" if over_undo else "met"))
    return lines


# --------------------------------------------------------------------------------------------
# Sync (issue 15): a shared root against an unshared one, taking in another machine's changes, and
# `sync` with nothing to do against the git commands it runs


DEFAULT_SYNC_SIZES = "1000,10000"
SYNC_READ_TARGET = 1.05          # issue 15: a command that changes nothing within 1.05x unshared
SYNC_CHANGE_TARGET = 1.15        # issue 15: a change within 1.15x unshared
SYNC_TAKE_IN_CHANGES = 1000      # issue 15: another machine's changes taken in at once...
SYNC_TAKE_IN_SIZE = 1000         # ...at this many projects
SYNC_CHECK_TAKE_IN_CHANGES = 200  # --check: fewer, it only proves the row runs
SYNC_TAKE_IN_TARGET_MS = 100     # issue 15: taking in 1,000 changes under 100 ms
SYNC_GIT_SIZE = 1000             # the projects of the git root `sync` runs in
SYNC_OWN_COST_TARGET_MS = 50     # issue 15: `sync` with nothing to do, beyond git, under 50 ms
SECOND_MACHINE_PROJECT = "Sent from the second machine"


class Machine:
    """One machine of a shared root, all on this host: its own state folder (and so its own identity,
    made by its first command), its own store, and `PROJECT_ROOT` pointing at the root it uses."""

    def __init__(self, bench: Bench, folder: Path, root: Path):
        self.bench, self.folder, self.root = bench, folder, root
        folder.mkdir(parents=True)
        self.store = folder / "projects.json"
        self.history = Path(str(self.store) + ".history")
        self.environment = bench.env(HOME=str(folder), XDG_STATE_HOME=str(folder / "state"),
                                     PROJECT_ROOT=str(root))

    def argv(self, *args: str) -> list[str]:
        return [str(self.bench.binary), *args, "--store", str(self.store)]

    def run(self, *args: str, env: Optional[dict] = None) -> Outcome:
        """An untimed command; a failure ends the run, as the rows after it would mean nothing."""
        outcome = self.bench.run(self.argv(*args), env or self.environment)
        if outcome.code != 0:
            fail(f"untimed `project {' '.join(args[:2])}` failed (exit {outcome.code}): {outcome.err.strip()[:300]}")
        return outcome

    def identity(self) -> str:
        return json.loads((self.folder / "state" / "project" / "machine").read_text(encoding="utf-8"))["id"]

    def log(self) -> Path:
        """This machine's log in the shared root."""
        return self.root / ".project" / "machines" / f"{self.identity()}.log"


class Snapshot:
    """Copies of files that change together (a store, its history, its machine's log), put back all
    at once: `project` refuses a store older than its history or its log."""

    def __init__(self, folder: Path, files: list[Path]):
        self.kept = [(path, folder / f"{k}-{path.name}") for k, path in enumerate(files)]
        folder.mkdir(parents=True)
        for path, copy in self.kept:
            shutil.copyfile(path, copy)

    def restore(self) -> None:
        for path, copy in self.kept:
            shutil.copyfile(copy, path)


def import_document(items: list[Item], path: Path) -> Path:
    """The export document of `items`, in the writer's order, sorted by that order."""
    path.write_text(json.dumps({"version": 1, "sort": "user", "projects": [
        {"id": it.id, "name": it.name, "type": it.kind, "created": iso_ms(it.created), "details": it.details,
         "position": k + 1} for k, it in enumerate(items)]}, ensure_ascii=False), encoding="utf-8")
    return path


def fresh_name(stem: str, taken: set[str]) -> str:
    """`stem` and the first number that makes a name no project has, now taken."""
    n = 1
    while coarse_key(f"{stem} {n}") in taken:
        n += 1
    taken.add(coarse_key(f"{stem} {n}"))
    return f"{stem} {n}"


def clean_folder(folder: Path, keep: set[str]) -> None:
    """Takes out of a root what a row made there (new projects' folders), keeping `keep`."""
    for name in os.listdir(folder):
        if name not in keep:
            path = folder / name
            if path.is_dir() and not path.is_symlink():
                shutil.rmtree(path)
            else:
                path.unlink()


class SharedRun:
    """Rows 1 of issue 15 at one size: every command in a shared root against the same command in an
    unshared one, same binary, same projects, interleaved.

    Unshared: a store made by `project import` in a root without `.project/`. Shared: a store made by
    the same import, then `project sync --init` (no remote) in its root; a second machine (its own
    state folder and store) then adds one project there, so the root holds two logs, and this
    machine's next command takes it in. The same project is added to the unshared store so that both
    list as many. Before each row both stores are put back with their histories, and the shared one
    with this machine's log; the second machine's log never changes, so every command here finds
    nothing new to take in."""

    def __init__(self, bench: Bench, size: int, runs: int):
        self.bench, self.size, self.runs = bench, size, runs
        self.dir = bench.work / f"sync-{size}"
        self.items, self.taken = make_items(size, SEED + size)
        self.shared_root, self.plain_root = self.dir / "shared-root", self.dir / "plain-root"
        self.shared_root.mkdir(parents=True)
        self.plain_root.mkdir()
        self.shared = Machine(bench, self.dir / "shared", self.shared_root)
        self.plain = Machine(bench, self.dir / "plain", self.plain_root)
        self.other = Machine(bench, self.dir / "other", self.shared_root)
        self.rows: list[Row] = []
        self.info: dict = {}

    def make_stores(self) -> None:
        document = import_document(self.items, self.dir / "export.json")
        for machine in (self.shared, self.plain):
            machine.run("import", str(document))
        self.shared.run("sync", "--init")
        self.other.run("add", SECOND_MACHINE_PROJECT, "--no-folder")
        self.plain.run("add", SECOND_MACHINE_PROJECT, "--no-folder")
        taken_in = self.shared.run("list")
        if SECOND_MACHINE_PROJECT not in taken_in.out:
            fail(f"[{self.size:,}] the shared store did not take in the second machine's project")
        self.shared_log = self.shared.log()
        logs = sorted((self.shared_root / ".project" / "machines").glob("*.log"))
        if len(logs) != 2:
            fail(f"[{self.size:,}] the shared root holds {len(logs)} logs, expected 2")
        self.snapshots = [Snapshot(self.dir / "pristine-shared", [self.shared.store, self.shared.history,
                                                                  self.shared_log]),
                          Snapshot(self.dir / "pristine-plain", [self.plain.store, self.plain.history])]
        self.log_lines = count_lines(self.shared_log)
        self.root_entries = {root: set(os.listdir(root)) for root in (self.shared_root, self.plain_root)}
        self.info = {"store_mb": self.shared.store.stat().st_size / 1e6,
                     "logs_kb": sum(path.stat().st_size for path in logs) / 1e3, "log_count": len(logs)}
        log(f"  [{self.size:,}] shared store {self.info['store_mb']:.1f} MB, {len(logs)} logs "
            f"({self.info['logs_kb']:.0f} kB)")

    def reset(self) -> None:
        for snapshot in self.snapshots:
            snapshot.restore()
        for root, keep in self.root_entries.items():
            clean_folder(root, keep)

    def pick(self, fraction: float, used: set) -> Item:
        start = int(self.size * fraction)
        for it in self.items[start:] + self.items[:start]:
            if it.name not in used and it.name not in ANCHORS:
                used.add(it.name)
                return it
        fail("no project left to pick")

    def verify_log(self, change: str, per_run: int):
        """After a change row: every timed run of the shared store went into this machine's log too."""
        expected = self.log_lines + per_run * (self.runs + 1)
        return appended_check(self.shared_log, "this machine's log", expected, change)

    def build_rows(self) -> None:
        total = self.runs + 1
        listed = self.size + 1
        used: set[str] = set()
        show_item, rename_item, move_item = self.pick(0.66, used), self.pick(0.5, used), self.pick(0.33, used)
        edit_item = self.pick(0.25, used)
        deleted = [self.pick(0.6, used) for _ in range(total)]
        rename_to = fresh_name(fit(rename_item.name[:45]) + " revised", self.taken)
        names = {key: [fresh_name(stem, self.taken) for _ in range(total)]
                 for key, stem in (("folder", "Shared story"), ("plain", "Shared note"), ("extra", "Scratch piece"))}

        def lines(i: int, o: Outcome) -> Optional[str]:
            count = len(o.out.splitlines())
            return None if count == listed else f"{count} lines, expected {listed}"

        def shows(i: int, o: Outcome) -> Optional[str]:
            return None if show_item.id in o.out else f"the output does not show {show_item.name!r} and its id"

        def add_extra(machine: Machine):
            return lambda i: machine.run("add", names["extra"][i], "--no-folder")

        commands = [
            # label, arguments of run i, the change the log records (None: a read), its events a run,
            # the check of each output, an untimed step before each run
            ("list", lambda i: ["list"], None, 0, lines, None),
            ("list --sort name", lambda i: ["list", "--sort", "name"], None, 0, lines, None),
            ("show <name>", lambda i: ["show", show_item.name], None, 0, shows, None),
            ("add <new name> (makes its folder)", lambda i: ["add", names["folder"][i]], "add", 1, None, None),
            ("add <new name> --no-folder", lambda i: ["add", names["plain"][i], "--no-folder"], "add", 1, None, None),
            ("rename (two names in turn)", lambda i: ["rename", rename_item.name, rename_to] if i % 2 == 0
             else ["rename", rename_to, rename_item.name], "rename", 1, None, None),
            ("move --to 1 / --bottom", lambda i: ["move", move_item.name, *(["--to", "1"] if i % 2 == 0
                                                                             else ["--bottom"])], "move", 1, None, None),
            ("edit -d <text>", lambda i: ["edit", edit_item.name, "-d", f"Shared draft ({i})"], "edit", 1, None, None),
            ("delete --yes (after an untimed add)", lambda i: ["delete", deleted[i].name, "--yes"], "delete", 2,
             None, add_extra),
        ]
        for label, args, change, per_run, check, before in commands:
            self.rows.append(Row(
                label,
                Case(f"{label} (shared)", lambda i, a=args: self.shared.argv(*a(i)), self.shared.environment,
                     ours=True, check=check, before=before(self.shared) if before else None),
                [], self.reset, self.verify_log(change, per_run) if change else None,
                reference=Case(f"{label} (unshared)", lambda i, a=args: self.plain.argv(*a(i)),
                               self.plain.environment, ours=True, check=check,
                               before=before(self.plain) if before else None)))

    def measure(self) -> None:
        for row in self.rows:
            self.bench.measure(row, self.runs, self.size)


def is_read(row: Row) -> bool:
    """A row of `SharedRun` that changes nothing: only the changes have a check of the log."""
    return row.verify is None


class TakeInRun:
    """Row 2 of issue 15: this machine's first command after another machine made `changes` changes
    in the shared root, against the same command with nothing to take in.

    Both machines share a root of `SYNC_TAKE_IN_SIZE` projects (this one imported them and shared
    the root; the other joined with a `list`); this machine's store, history and log are kept, then
    the other machine makes its changes, one command each (renames, edits of the details, moves, in
    turn, each to a project of its own). In every round this machine's store is put back first, so
    `list` takes in every change; then the same `list` runs again with nothing left to take in."""

    def __init__(self, bench: Bench, runs: int, changes: int):
        self.bench, self.runs, self.changes, self.size = bench, runs, changes, SYNC_TAKE_IN_SIZE
        self.dir = bench.work / "sync-take-in"
        self.items, self.taken = make_items(self.size, SEED + self.size)
        self.root = self.dir / "root"
        self.root.mkdir(parents=True)
        self.here = Machine(bench, self.dir / "here", self.root)
        self.other = Machine(bench, self.dir / "other", self.root)
        self.renamed: list[str] = []
        self.rows: list[Row] = []
        self.info: dict = {}

    def make_stores(self) -> None:
        self.here.run("import", str(import_document(self.items, self.dir / "export.json")))
        self.here.run("sync", "--init")
        self.other.run("list")
        self.here.run("list")
        self.pristine = Snapshot(self.dir / "pristine", [self.here.store, self.here.history, self.here.log()])
        other_log = self.other.log()
        before = other_log.stat().st_size if other_log.exists() else 0
        started = time.monotonic()
        candidates = [it for it in self.items if it.name not in ANCHORS]
        for k in range(self.changes):
            it = candidates[k % len(candidates)]
            kind = k % 5
            if kind in (0, 1):
                new = fresh_name(fit(it.name[:45]) + " (from the desktop)", self.taken)
                self.other.run("rename", it.name, new)
                if it.name in self.renamed:
                    self.renamed.remove(it.name)
                it.name = new
                self.renamed.append(new)
            elif kind in (2, 3):
                self.other.run("edit", it.name, "-d", f"Changed on the desktop ({k})")
            else:
                self.other.run("move", it.name, "--to", str(1 + k % self.size))
        self.info = {"changes": self.changes, "log_kb": (other_log.stat().st_size - before) / 1e3,
                     "making_s": time.monotonic() - started, "events": count_lines(other_log) - 1}
        log(f"  the other machine made {self.changes:,} changes in {self.info['making_s']:.0f} s "
            f"({self.info['log_kb']:.0f} kB of log)")

    def build_rows(self) -> None:
        def shows_changes(i: int, o: Outcome) -> Optional[str]:
            lines = o.out.splitlines()
            if len(lines) != self.size:
                return f"{len(lines)} lines, expected {self.size}"
            missing = [name for name in self.renamed if name not in o.out]
            return f"the other machine's renames are missing: {missing[:2]}" if missing else None

        self.rows.append(Row(
            f"list, taking in {self.changes:,} changes",
            Case(f"list, taking in {self.changes:,} changes", lambda i: self.here.argv("list"),
                 self.here.environment, ours=True, before=lambda i: self.pristine.restore(), check=shows_changes),
            [], lambda: None,
            reference=Case("list, nothing to take in", lambda i: self.here.argv("list"), self.here.environment,
                           ours=True, check=shows_changes)))

    def measure(self) -> None:
        for row in self.rows:
            self.bench.measure(row, self.runs, self.size)


class GitSyncRun:
    """Row 3 of issue 15: `project sync` with nothing to do, in a git root whose remote is a bare
    repository on local disk, against the git commands it runs, run alone by a shell script.

    The commands are read from git's own trace (`GIT_TRACE` to a file) of one untimed `sync`: every
    command git started for the tool, not those git started for itself (`upload-pack` for a fetch,
    `maintenance run --auto` after it: they show as `run_command` first). The script runs them in
    the root in the same order, with the environment the tool gives git, their output thrown away."""

    def __init__(self, bench: Bench, runs: int, size: int):
        self.bench, self.runs, self.size = bench, runs, size
        self.dir = bench.work / "sync-git"
        self.items, _ = make_items(size, SEED + size)
        self.root = self.dir / "root"
        self.root.mkdir(parents=True)
        self.remote = self.dir / "remote.git"
        self.machine = Machine(bench, self.dir / "machine", self.root)
        self.script = self.dir / "git-commands.sh"
        self.commands: list[str] = []
        self.rows: list[Row] = []

    def make_root(self) -> None:
        if not shutil.which("git", path=self.machine.environment["PATH"]):
            fail("git is not on PATH: the sync rows need it")
        self.machine.run("import", str(import_document(self.items, self.dir / "export.json")))
        self.machine.run("sync", "--init", str(self.remote))
        self.machine.run("sync")
        trace = self.dir / "trace"
        self.machine.run("sync", env=dict(self.machine.environment, GIT_TRACE=str(trace)))
        self.commands = direct_git_commands(trace.read_text(encoding="utf-8", errors="replace"))
        if not self.commands:
            fail("GIT_TRACE showed no git command of `project sync`")
        # What Git.swift gives git besides the caller's environment, when not at a terminal.
        self.script.write_text("\n".join([
            "#!/bin/sh",
            "# The git commands `project sync` runs when there is nothing to do, in its order.",
            f"cd '{self.root}' || exit 1",
            "export LC_ALL=C GIT_TERMINAL_PROMPT=0 GCM_INTERACTIVE=never GIT_SSH_COMMAND='ssh -o BatchMode=yes'",
            *(f"{command} </dev/null >/dev/null 2>&1" for command in self.commands), ""]), encoding="utf-8")
        self.head = self.git_head()
        log(f"  `project sync` runs {len(self.commands)} git commands: "
            + ", ".join(" ".join(c.split()[1:3]) for c in self.commands))

    def git_head(self) -> str:
        return subprocess.run(["git", "-C", str(self.root), "rev-parse", "HEAD"], capture_output=True,
                              text=True).stdout.strip()

    def build_rows(self) -> None:
        def nothing(i: int, o: Outcome) -> Optional[str]:
            head = self.git_head()
            return None if head == self.head else f"HEAD moved to {head[:12]}: sync found something to do"

        self.rows.append(Row(
            "sync, nothing to do",
            Case("project sync (nothing to do)", lambda i: self.machine.argv("sync"), self.machine.environment,
                 ours=True, check=nothing),
            [], lambda: None,
            reference=Case(f"its {len(self.commands)} git commands, alone (sh)", lambda i: ["/bin/sh", str(self.script)],
                           self.machine.environment, ours=True, check=nothing)))

    def measure(self) -> None:
        for row in self.rows:
            self.bench.measure(row, self.runs, self.size)


def direct_git_commands(trace: str) -> list[str]:
    """The git commands a program started, from a `GIT_TRACE` of it: each `trace: built-in: git …`
    line (already quoted for a shell by git) not announced by a `run_command` line of git's own."""
    commands, started_by_git = [], False
    for line in trace.splitlines():
        if "run_processes_parallel" in line:
            continue
        if "trace: run_command:" in line or "trace: exec:" in line:
            started_by_git = True
            continue
        if "trace: built-in: git " in line:
            if not started_by_git:
                commands.append(line.split("trace: built-in: ", 1)[1])
            started_by_git = False
    return commands


@dataclass
class SyncResults:
    shared: list              # SharedRun, one per size
    take_in: TakeInRun
    git: GitSyncRun
    load: tuple               # the load averages at the start and at the end


def measure_sync_rows(bench: Bench, sizes: list[int], runs_for: Callable[[int], int], check: bool) -> SyncResults:
    """Runs the three rows of issue 15: shared against unshared at each size, taking in another
    machine's changes, and `sync` with nothing to do against its git commands."""
    load = [os.getloadavg()]
    shared = []
    for size in sizes:
        log(f"sync: shared against unshared, {size:,} projects")
        run = SharedRun(bench, size, runs_for(size))
        run.make_stores()
        run.build_rows()
        run.measure()
        shared.append(run)
        shutil.rmtree(run.dir)
    changes = SYNC_CHECK_TAKE_IN_CHANGES if check else SYNC_TAKE_IN_CHANGES
    log(f"sync: taking in {changes:,} changes at {SYNC_TAKE_IN_SIZE:,} projects")
    take_in = TakeInRun(bench, runs_for(SYNC_TAKE_IN_SIZE), changes)
    take_in.make_stores()
    take_in.build_rows()
    take_in.measure()
    shutil.rmtree(take_in.dir)
    log(f"sync: `sync` with nothing to do, {SYNC_GIT_SIZE:,} projects, a bare remote on local disk")
    git = GitSyncRun(bench, runs_for(SYNC_GIT_SIZE), SYNC_GIT_SIZE)
    git.make_root()
    git.build_rows()
    git.measure()
    shutil.rmtree(git.dir)
    load.append(os.getloadavg())
    return SyncResults(shared, take_in, git, tuple(load))


def sync_rows(results: SyncResults) -> list[Row]:
    return [row for run in results.shared for row in run.rows] + results.take_in.rows + results.git.rows


def difference_ms(row: Row) -> Optional[float]:
    """Ours minus its reference, median wall times: what the reference does not do."""
    if row.problems or row.ours.median_ms is None or row.reference.median_ms is None:
        return None
    return row.ours.median_ms - row.reference.median_ms


def sync_section(results: SyncResults) -> list[str]:
    """The rows of issue 15 for docs/performance.md, with the verdicts."""
    load = results.load
    out = ["", SYNC_HEADING, "",
           f"Load average (1 min) {load[0][0]:.2f} at the start of these rows, {load[1][0]:.2f} at the end. "
           "Medians; CPU times (user and system) beside them move less when other work shares the machine."]
    for run in results.shared:
        out += ["", f"### Shared against unshared, {run.size:,} projects", "",
                f"Median of {run.runs} runs. The same release build, the same {run.size + 1:,} projects; the "
                f"shared root holds {run.info['log_count']} machines' logs ({run.info['logs_kb']:.0f} kB), none "
                "of which grows during a read. Stores, histories and this machine's log put back before each row. "
                f"Targets: a read within {SYNC_READ_TARGET:.2f}×, a change within {SYNC_CHANGE_TARGET:.2f}×.", ""]
        out += ratio_table([row for row in run.rows if is_read(row)], "shared", "unshared", SYNC_READ_TARGET)
        out += [""] + ratio_table([row for row in run.rows if not is_read(row)], "shared", "unshared",
                                  SYNC_CHANGE_TARGET)
    run = results.take_in
    out += ["", f"### Taking in another machine's changes, {run.size:,} projects", "",
            f"Median of {run.runs} runs. The other machine made {run.info['changes']:,} changes (renames, "
            f"edits of the details and moves, {run.info['log_kb']:.0f} kB of its log); this machine's store "
            "is put back before each run, so each run's `list` takes in all of them. The take-in is the "
            "difference from the same `list` with nothing to take in, run right after it.", ""]
    out += difference_table(run.rows, "taking in", "nothing to take in")
    run = results.git
    out += ["", f"### `sync` with nothing to do, {run.size:,} projects", "",
            f"Median of {run.runs} runs, in a git root whose remote is a bare repository on local disk. "
            f"The reference runs, from a shell script, the {len(run.commands)} git commands the tool ran "
            "(read from `GIT_TRACE`): " + ", ".join(f"`{c}`" for c in run.commands) + ".", ""]
    out += difference_table(run.rows, "project sync", "git alone")
    out += ["", "### Targets of issue 15", ""] + targets_issue15(results)
    return out


SYNC_HEADING = "## Sync (issue 15)"


def difference_table(rows: list[Row], ours_title: str, reference_title: str) -> list[str]:
    """Ours and its reference, and what ours costs beyond it: the differences of the medians."""
    out = [f"| command | {ours_title} ms | CPU ms | peak MiB | {reference_title} ms | CPU ms | peak MiB "
           "| difference ms | CPU difference ms |",
           "|---|--:|--:|--:|--:|--:|--:|--:|--:|"]
    for row in rows:
        ref, extra = row.reference, difference_ms(row)
        cpu = None if row.ours.cpu_ms is None or ref.cpu_ms is None else row.ours.cpu_ms - ref.cpu_ms
        label = f"`{row.label}`" + (" **wrong result**" if row.problems else "")
        out.append(f"| {label} | {fmt_ms(row.ours.median_ms)} | {fmt_ms(row.ours.cpu_ms)} | {fmt_mib(row.ours.peak_mib)} "
                   f"| {fmt_ms(ref.median_ms)} | {fmt_ms(ref.cpu_ms)} | {fmt_mib(ref.peak_mib)} "
                   f"| {'–' if extra is None else f'{extra:.1f}'} | {'–' if cpu is None else f'{cpu:.1f}'} |")
    return out


def targets_issue15(results: SyncResults) -> list[str]:
    """The verdicts on the speed targets of issue 15, judged on wall time (CPU ratios beside the misses)."""
    lines = []
    for run in results.shared:
        for reads, target in ((True, SYNC_READ_TARGET), (False, SYNC_CHANGE_TARGET)):
            judged = [row for row in run.rows if is_read(row) == reads]
            what = "every command that changes nothing" if reads else "every change"
            where = f"- {run.size:,} projects, {what} within {target:.2f}× of unshared: "
            ratios = [(row, over(row), cpu_over(row)) for row in judged]
            if any(got is None for _, got, _ in ratios):
                lines.append(where + "not measured (a command failed)")
                continue
            slow = [f"`{row.label}` {got:.2f}× (CPU {cpu or 0:.2f}×)" for row, got, cpu in ratios if got > target]
            worst = max(ratios, key=lambda r: r[1])
            lines.append(where + (f"**not met** (over: {', '.join(slow)})" if slow
                                  else f"met (highest `{worst[0].label}` {worst[1]:.2f}×)"))
    def difference_verdict(row: Row, target: int, what: str, whole: str, reference: str) -> str:
        """A row whose figure is ours minus its reference, judged against a target in ms."""
        extra = difference_ms(row)
        if extra is None:
            return f"- {what}: not measured (a command failed)"
        verdict = "met" if extra < target else f"**not met** (+{extra - target:.0f} ms)"
        return (f"- {what} under {target} ms: {verdict}: {fmt_ms(extra)} ms ({fmt_ms(row.ours.median_ms)} ms {whole}, "
                f"{fmt_ms(row.reference.median_ms)} ms {reference})")

    lines.append(difference_verdict(
        results.take_in.rows[0], SYNC_TAKE_IN_TARGET_MS,
        f"taking in {results.take_in.info['changes']:,} changes at {results.take_in.size:,} projects",
        "the whole command", "with nothing to take in"))
    lines.append(difference_verdict(
        results.git.rows[0], SYNC_OWN_COST_TARGET_MS, "`sync` with nothing to do, its own cost beyond git's",
        "the whole `project sync`", "its git commands alone"))
    return lines


def replace_section(path: Path, heading: str, section: list[str]) -> None:
    """Puts `section` in place of the generated section that starts with `heading` (up to the next
    heading of its level), or at the end of the document when it has none yet."""
    text = path.read_text(encoding="utf-8")
    if MARKER not in text:
        fail(f"{path} has no marker line: run the whole benchmark first")
    above, below = text.split(MARKER, 1)
    lines = below.rstrip("\n").split("\n")
    level = heading.split(" ")[0] + " "
    if heading in lines:
        start = lines.index(heading)
        end = next((k for k in range(start + 1, len(lines)) if lines[k].startswith(level)), len(lines))
        while start > 0 and lines[start - 1] == "":
            start -= 1
        lines = lines[:start] + section + ([""] if end < len(lines) else []) + lines[end:]
    else:
        lines += section
    path.write_text(above + MARKER + "\n".join(lines) + "\n", encoding="utf-8")


# --------------------------------------------------------------------------------------------
# Main


def parse_sizes(text: str) -> list[int]:
    try:
        sizes = [int(s.replace("_", "").replace(",", "")) for s in text.split(",") if s.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a list of sizes: {text!r}")
    if not sizes or any(s < 1 for s in sizes):
        raise argparse.ArgumentTypeError(f"not a list of sizes: {text!r}")
    return sizes


def main() -> int:
    parser = argparse.ArgumentParser(
        prog="bash Tests/Benchmark/run.sh",
        description="Side-by-side benchmark of project against Taskwarrior and todo.txt; "
                    "writes docs/performance.md.")
    parser.add_argument("--check", action="store_true",
                        help="CI mode: 1,000 projects, 3 runs, verify results, do not write the document")
    parser.add_argument("--sizes", type=parse_sizes, default=None,
                        help=f"comma-separated store sizes (default {DEFAULT_SIZES}; 1000 with --check)")
    parser.add_argument("--peer-sizes", type=parse_sizes, default=parse_sizes(DEFAULT_PEER_SIZES),
                        help=f"sizes at which the peers run too (default {DEFAULT_PEER_SIZES})")
    parser.add_argument("--runs", type=int, default=None, help="timed runs per command (default 15; 3 with --check)")
    parser.add_argument("--runs-large", type=int, default=None,
                        help=f"timed runs per command from {LARGE:,} projects on (default 7, or --runs if fewer)")
    parser.add_argument("--binary", type=Path, help="use this project binary instead of building one")
    parser.add_argument("--baseline", metavar="REV", default=None,
                        help="also run every command with the release build of this commit (a git revision), "
                             "each on a store in the format it writes, and report after / before "
                             f"(default {DEFAULT_BASELINE}, the commit before issue 8; with --check only when "
                             "given, as its build is slow; 'none': no baseline). Built in "
                             f"{BASELINE_SCRATCH}/<commit>, reused by the next run")
    parser.add_argument("--baseline-binary", type=Path, metavar="PATH",
                        help="use this binary as the baseline instead of building --baseline "
                             "(the report still names --baseline's commit)")
    parser.add_argument("--no-peers", action="store_true", help="do not install or run Taskwarrior and todo.txt")
    parser.add_argument("--output", type=Path, default=DOC, help="the document to write (default docs/performance.md)")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder and print its path")
    parser.add_argument("--words-only", action="store_true",
                        help="run only the word-count rows of issue 9 and print their section, writing nothing")
    parser.add_argument("--compile-only", action="store_true",
                        help="run only the compile rows of issue 16 and print their section, writing nothing")
    parser.add_argument("--versions-only", action="store_true",
                        help="run only the version rows of issue 29 and print their section, writing nothing")
    parser.add_argument("--submissions-only", action="store_true",
                        help="run only the submission rows of issue 30 and print their section, writing nothing")
    parser.add_argument("--history-only", action="store_true",
                        help="run only the history rows of issue 10 (at --sizes, default "
                             f"{DEFAULT_HISTORY_SIZES}) and print their section, writing nothing")
    parser.add_argument("--progress-only", action="store_true",
                        help="run only the progress rows of issue 31 (with --baseline, the commands that count "
                             "no words against that build too), print their section and put it in place of the "
                             "last one in the document's generated part")
    parser.add_argument("--sync-only", action="store_true",
                        help="run only the sync rows of issue 15 (at --sizes, default "
                             f"{DEFAULT_SYNC_SIZES}), print their section and put it in place of the last "
                             "one in the document's generated part")
    parser.add_argument("--history-baseline", metavar="REV", default=HISTORY_BASELINE,
                        help=f"the build without history the changes are compared with (default {HISTORY_BASELINE}, "
                             "the commit before history; 'none': only undo and redo against the change; "
                             "never built with --check)")
    parser.add_argument("--history-baseline-binary", type=Path, metavar="PATH",
                        help="use this binary as the build without history instead of building "
                             "--history-baseline (e.g. this commit built with recording switched off)")
    parser.add_argument("--history-variants", default=",".join(k for k, _ in HISTORY_VARIANTS),
                        help="the histories the rows of issue 10 run with: small (100 events), import (the "
                             "import of every project and 100 events), comma-separated (default both; "
                             "small with --check)")
    args = parser.parse_args()

    sizes = args.sizes or ([1000] if args.check else parse_sizes(
        DEFAULT_HISTORY_SIZES if args.history_only else DEFAULT_SYNC_SIZES if args.sync_only else DEFAULT_SIZES))
    variants = ["small"] if args.check and args.history_variants == parser.get_default("history_variants") \
        else [v.strip() for v in args.history_variants.split(",") if v.strip()]
    if not variants or any(v not in dict(HISTORY_VARIANTS) for v in variants):
        parser.error(f"--history-variants: choose among {', '.join(k for k, _ in HISTORY_VARIANTS)}")
    history_sizes = [s for s in sizes if s in parse_sizes(DEFAULT_HISTORY_SIZES)] or sizes[:1]
    sync_sizes = [s for s in sizes if s in parse_sizes(DEFAULT_SYNC_SIZES)] or sizes[:1]
    runs = args.runs if args.runs is not None else (3 if args.check else 15)
    runs_large = args.runs_large if args.runs_large is not None else min(runs, 7)
    if runs < 1 or runs_large < 1:
        parser.error("--runs and --runs-large must be at least 1")

    def runs_for(size: int) -> int:
        return runs_large if size >= LARGE else runs

    revision = args.baseline if args.baseline is not None else (None if args.check else DEFAULT_BASELINE)
    if (args.history_only or args.sync_only or args.versions_only or args.progress_only or args.submissions_only) and args.baseline is None:
        revision = None
    if revision is not None and revision.lower() == "none":
        revision = None
    if args.baseline_binary and revision is None:
        revision = DEFAULT_BASELINE

    started = dt.datetime.now(dt.timezone.utc)
    t0 = time.monotonic()
    load_start = os.getloadavg()
    build_s = None
    if args.binary:
        binary = args.binary.resolve()
        if not os.access(binary, os.X_OK):
            fail(f"{binary} is not an executable")
    else:
        binary, build_s = build_release()
        log(f"built {binary} in {build_s:.0f} s")
    baseline_info = None
    baseline = None
    if revision is not None:
        if args.baseline_binary:
            baseline = args.baseline_binary.resolve()
            if not os.access(baseline, os.X_OK):
                fail(f"{baseline} is not an executable")
            baseline_info = {"commit": resolve_commit(revision), "build_s": None}
        else:
            baseline, baseline_s, commit = build_baseline(revision)
            baseline_info = {"commit": commit, "build_s": baseline_s}
            log(f"built the baseline {commit[:12]} in {baseline_s:.0f} s")
        baseline_info["title"] = commit_title(baseline_info["commit"])
    history_info = None
    history_baseline = None
    if args.history_baseline_binary:
        history_baseline = args.history_baseline_binary.resolve()
        if not os.access(history_baseline, os.X_OK):
            fail(f"{history_baseline} is not an executable")
        history_info = {"binary": history_baseline.name}
    elif not args.check and not args.sync_only and not args.versions_only and not args.progress_only and not args.submissions_only \
            and args.history_baseline.lower() != "none":
        history_baseline, history_s, commit = build_baseline(args.history_baseline)
        history_info = {"commit": commit, "build_s": history_s, "title": commit_title(commit)}
        log(f"built the history baseline {commit[:12]} in {history_s:.0f} s")

    notes: list[str] = []
    if args.no_peers or args.history_only or args.sync_only or args.versions_only or args.progress_only or args.submissions_only:
        peers = {"task": None, "todo": None}
    else:
        peers, notes = ensure_peers(install=True)
        for note in notes:
            log(f"note: {note}")

    work = Path(tempfile.mkdtemp(prefix="project-bench-"))
    try:
        launcher, launcher_note = build_launcher(work)
        if launcher_note:
            notes.append(launcher_note)
            log(f"note: {launcher_note}")
        bench = Bench(args, binary, work, launcher, baseline)
        hello = build_hello(work)
        versions = peer_versions(peers, bench)
        log(f"peers: {versions or 'none'}")

        log("start-up")
        startup = measure_startup(bench, hello, runs)
        results: dict[int, list[Row]] = {}
        issue8: dict = {"folders": {}, "compare": {}, "extra": {}, "baseline": baseline_info}
        sizes_info: dict[int, dict] = {}
        only = args.words_only or args.history_only or args.compile_only or args.sync_only or args.versions_only or args.progress_only \
            or args.submissions_only
        for size in ([] if only else sizes):
            log(f"{size:,} projects")
            size_peers = peers if size in args.peer_sizes else {"task": None, "todo": None}
            run = SizeRun(bench, size, size_peers, runs_for(size))
            run.make_stores()
            run.build_rows()
            run.measure()
            results[size] = run.rows
            issue8["folders"][size] = run.folder_rows
            if baseline:
                issue8["compare"][size] = [row for row in run.rows if row.reference]
                issue8["extra"][size] = run.extra_rows
            size_notes = list(run.setup_notes)
            if size not in args.peer_sizes and any(peers.values()):
                size_notes.append("the peers are not run at this size (see the method above; `--peer-sizes`).")
            sizes_info[size] = {
                "import_s": run.import_s, "task_import_s": getattr(run, "task_import_s", None),
                "store_mb": run.pristine.stat().st_size / 1e6, "stats": name_stats(run.names),
                "notes": size_notes, "versions": run.versions,
            }
            shutil.rmtree(run.dir)

        if args.submissions_only:
            rows = measure_submission_rows(bench, runs)
            print("\n".join(submission_section(rows, runs)))
            return 1 if bench.failures else 0

        if args.progress_only:
            rows = measure_progress_rows(bench, runs)
            section = progress_section(rows, runs, baseline_info)
            print("\n".join(section))
            replace_section(args.output, PROGRESS_HEADING, section)
            log(f"wrote the section {PROGRESS_HEADING!r} into {args.output}")
            return 1 if bench.failures else 0

        word_rows: list[Row] = []
        if not (args.history_only or args.compile_only or args.sync_only or args.versions_only):
            log("word counts")
            word_rows = measure_word_rows(bench, runs, args.check)

        compile_rows: list[Row] = []
        if not (args.history_only or args.words_only or args.sync_only or args.versions_only):
            log("compile")
            compile_rows = measure_compile_rows(bench, runs)

        version_rows: list[Row] = []
        if not (args.history_only or args.words_only or args.sync_only or args.compile_only):
            log("versions")
            version_rows = measure_version_rows(bench, runs)

        submission_rows: list[Row] = []
        if not (args.history_only or args.words_only or args.sync_only or args.compile_only or args.versions_only):
            log("submissions")
            submission_rows = measure_submission_rows(bench, runs)

        history_load = [os.getloadavg()]
        history_runs: list[HistoryRun] = []
        if not (args.words_only or args.compile_only or args.sync_only or args.versions_only):
            history_runs = measure_history_rows(bench, history_sizes, runs_for, history_baseline, variants)
        history_load.append(os.getloadavg())
        history_rows = [row for run in history_runs for row in run.change_rows + run.undo_rows]

        progress_rows: list[Row] = []
        if not (args.words_only or args.compile_only or args.history_only or args.sync_only or args.versions_only):
            log("progress")
            progress_rows = measure_progress_rows(bench, runs)

        sync_results = None
        if not (args.words_only or args.compile_only or args.history_only or args.versions_only):
            sync_results = measure_sync_rows(bench, sync_sizes, runs_for, args.check)

        elapsed = time.monotonic() - t0
        load = (load_start, os.getloadavg())
        all_rows = [startup] + [row for rows in results.values() for row in rows] + word_rows + compile_rows + version_rows
        all_rows += [row for rows in issue8["folders"].values() for row in rows]
        all_rows += [row for rows in issue8["extra"].values() for row in rows]
        all_rows += history_rows + progress_rows + submission_rows
        all_rows += sync_rows(sync_results) if sync_results else []
        failed = sum(1 for row in all_rows
                     if row.ours.failures or (getattr(row, "reference", None) and row.reference.failures) or row.problems
                     or any(case.failures for case in row.also))
        if args.check:
            log(f"check finished in {elapsed:.0f} s")
        elif args.words_only:
            print("\n".join(word_section(word_rows, runs)))
        elif args.compile_only:
            print("\n".join(compile_section(compile_rows, runs)))
        elif args.versions_only:
            print("\n".join(version_section(version_rows, runs)))
        elif args.history_only:
            print("\n".join(history_section(history_runs, history_info, tuple(history_load))))
        elif args.sync_only:
            section = sync_section(sync_results)
            print("\n".join(section))
            replace_section(args.output, SYNC_HEADING, section)
            log(f"wrote the section {SYNC_HEADING!r} into {args.output}")
        else:
            command = "bash Tests/Benchmark/run.sh" + ("".join(f" {a}" for a in sys.argv[1:]))
            write_doc(args.output, command, started, elapsed, build_s, machine(), versions, notes, startup,
                      results, sizes_info, runs_for, bench.failures, load, issue8)
            with args.output.open("a", encoding="utf-8") as doc:
                doc.write("\n".join(word_section(word_rows, runs)) + "\n")
                doc.write("\n".join(compile_section(compile_rows, runs)) + "\n")
                doc.write("\n".join(version_section(version_rows, runs)) + "\n")
                doc.write("\n".join(submission_section(submission_rows, runs)) + "\n")
                doc.write("\n".join(history_section(history_runs, history_info, tuple(history_load))) + "\n")
                doc.write("\n".join(progress_section(progress_rows, runs, baseline_info)) + "\n")
                doc.write("\n".join(sync_section(sync_results)) + "\n")
            log(f"wrote {args.output} ({elapsed / 60:.1f} minutes)")
        if bench.failures:
            log(f"{len(bench.failures)} failure(s) of project:")
            for failure in bench.failures:
                log(f"  {failure}")
        else:
            log("all commands of project succeeded with the expected results")
        print(f"benchmark {'check' if args.check else 'run'}: {len(all_rows) - failed} passed, {failed} failed")
        return 1 if bench.failures else 0
    finally:
        if args.keep:
            log(f"kept {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
