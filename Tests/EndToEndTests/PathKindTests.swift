import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// A root that is a file, a store that is a folder or a device: each refused in the writer's
/// language with exit 3, and nothing made beside it.
@Suite("roots and stores that are not what they should be")
struct PathKindTests {
    private func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    private func entries(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    @Test("a root that is a file: add says so in every language, exit 3, and makes nothing")
    func rootIsAFile() async throws {
        let sandbox = try Sandbox()
        let file = try sandbox.file("notes.txt", "my notes\n")
        let before = entries(sandbox.root)
        let english = await sandbox.run(["add", "Foo"], environment: ["PROJECT_ROOT": file])
        #expect(english.status == 3, "\(english)")
        #expect(english.stderr == "Error: The root \(file) is not a folder, so no project folder can be made in it. Nothing was changed. Choose a folder: project root <folder>, or set PROJECT_ROOT to one.\n", "\(english)")
        for (language, words) in ["fr_FR.UTF-8": "La racine \(file) n’est pas un dossier", "de_DE.UTF-8": "Der Stammordner \(file) ist kein Ordner",
                                  "es_ES.UTF-8": "La raíz \(file) no es una carpeta"] {
            let result = await sandbox.run(["add", "Foo"], environment: ["PROJECT_ROOT": file, "LANG": language])
            #expect(result.status == 3 && result.stderr.contains(words), "\(language): \(result)")
        }
        #expect(FileManager.default.contents(atPath: file) == Data("my notes\n".utf8))
        #expect(await sandbox.names().isEmpty)
        #expect(entries(sandbox.root).filter { $0 != "data" } == before, "\(entries(sandbox.root))")
        // A list entry alone needs no root.
        await sandbox.ok("add", "Foo", "--no-folder")
    }

    @Test("project root <a file> is refused with exit 3 and saves nothing")
    func savedRootIsAFile() async throws {
        let sandbox = try Sandbox()
        await sandbox.add("Alpha")
        let storeBefore = sandbox.storeBytes()
        let file = try sandbox.file("notes.txt", "my notes\n")
        let result = await sandbox.run("root", file)
        #expect(result.status == 3, "\(result)")
        #expect(result.stderr.hasPrefix("Error: The root \(file) is not a folder"), "\(result)")
        #expect(sandbox.storeBytes() == storeBefore)
        #expect(await sandbox.ok("root").stdout == sandbox.root + "/Writing\n")
        let german = await sandbox.run(["root", file], environment: ["LANG": "de_DE.UTF-8"])
        #expect(german.status == 3 && german.stderr.contains("ist kein Ordner"), "\(german)")
    }

    @Test("a store that is a device: not a regular file, exit 3, and no lock made beside it")
    func storeIsADevice() async throws {
        let sandbox = try Sandbox()
        try #require(!exists("/dev/null.lock"), "an earlier version left /dev/null.lock; remove it to run this test")
        for command in [["list"], ["add", "Foo"], ["history"]] {
            let result = await sandbox.run(command, environment: ["PROJECT_STORE": "/dev/null"])
            #expect(result.status == 3, "\(result)")
            #expect(result.stderr == "Error: The store /dev/null is not a regular file. Nothing was changed, and nothing was made beside it. Point PROJECT_STORE (or --store) at a file, or at a path where one can be made.\n", "\(result)")
            #expect(!exists("/dev/null.lock"), "\(command) made /dev/null.lock")
        }
        let french = await sandbox.run(["list"], environment: ["PROJECT_STORE": "/dev/null", "LANG": "fr_FR.UTF-8"])
        #expect(french.status == 3 && french.stderr.contains("n’est pas un fichier ordinaire"), "\(french)")
    }

    @Test("a store that is a folder: not a regular file, exit 3, and no <folder>.lock left behind")
    func storeIsAFolder() async throws {
        let sandbox = try Sandbox()
        try FileManager.default.createDirectory(atPath: sandbox.store, withIntermediateDirectories: true)
        let folder = (sandbox.store as NSString).deletingLastPathComponent
        for command in [["list"], ["add", "Foo"], ["rename", "A", "B"]] {
            let result = await sandbox.run(command)
            #expect(result.status == 3, "\(result)")
            #expect(result.stderr.hasPrefix("Error: The store \(sandbox.store) is not a regular file."), "\(result)")
            #expect(entries(folder) == ["projects.json"], "\(command) left \(entries(folder))")
        }
        let spanish = await sandbox.run(["add", "Foo"], environment: ["LANG": "es_ES.UTF-8"])
        #expect(spanish.status == 3 && spanish.stderr.contains("no es un archivo normal"), "\(spanish)")
        #expect(entries(sandbox.store).isEmpty)
    }
}
