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
        .testTarget(name: "ProjectCLITests", dependencies: ["ProjectCLI"]),
        .testTarget(name: "EndToEndTests", dependencies: ["project"]),
    ]
)
