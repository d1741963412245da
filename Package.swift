// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "project",
    products: [
        .library(name: "ProjectStore", targets: ["ProjectStore"]),
        .executable(name: "project", targets: ["project"]),
    ],
    targets: [
        // The domain: projects, names, orders and every rule. No I/O.
        // Names are ordered with the ICU that ships inside the toolchain (see NameCollator.swift).
        .target(name: "ProjectStore", linkerSettings: [.linkedLibrary("_FoundationICU")]),
        // The store on disk: file format, locking, all-or-nothing writes.
        .target(name: "ProjectStoreFile", dependencies: ["ProjectStore"]),
        // The command line: parsing, help, rendering, prompts, localization.
        .target(name: "ProjectCLI", dependencies: ["ProjectStore", "ProjectStoreFile"]),
        // The executable: wires the real terminal, environment and file store to the CLI.
        .executableTarget(name: "project", dependencies: ["ProjectCLI"]),

        .testTarget(name: "ProjectStoreTests", dependencies: ["ProjectStore"]),
        .testTarget(name: "ProjectStoreFileTests", dependencies: ["ProjectStoreFile"]),
        .testTarget(name: "ProjectCLITests", dependencies: ["ProjectCLI", "ScriptFiles"]),
        .testTarget(name: "EndToEndTests", dependencies: ["project", "ScriptFiles"]),
        // Scripts the tests write and run, closed on exec (Tests/ScriptFiles).
        .target(name: "ScriptFiles", path: "Tests/ScriptFiles"),
    ]
)

// Reliability evidence (docs/reliability.md): parallel writers, crashes, full disks, permissions,
// invalid stores, stuck locks and hostile input against the built `project` binary, and two
// libFuzzer targets. Built normally, a fuzz target replays the files it is given (the committed
// corpus and crash reproducers); Tests/Fuzz/run.sh builds it with `-sanitize=fuzzer -DFUZZING`.
// They live beside their corpus in Tests/Fuzz, so Sources holds the product only.
package.targets += [
    .target(name: "FuzzDriver", path: "Tests/Fuzz/FuzzDriver"),
    .executableTarget(
        name: "FuzzStoreReader", dependencies: ["FuzzDriver", "ProjectStore", "ProjectStoreFile"],
        path: "Tests/Fuzz/FuzzStoreReader"),
    .executableTarget(
        name: "FuzzArgumentParser", dependencies: ["FuzzDriver", "ProjectCLI", "ProjectStore", "ProjectStoreFile"],
        path: "Tests/Fuzz/FuzzArgumentParser"),
    .testTarget(name: "ReliabilityTests", dependencies: ["project", "FuzzStoreReader", "FuzzArgumentParser", "ScriptFiles"]),
]
