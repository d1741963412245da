// A libFuzzer target for the store reader: the bytes of a store file (or an import document) go
// through `StoreDocument.decode` (with every piece of a submission, and with only those still out)
// and `ProjectCatalog(projects:defaultOrder:)`, as `FileStorage` reads them. Whatever is accepted must survive a write and a read unchanged, list in every order, and
// keep the catalog's rules. Anything else must be refused with an error, never a crash.
//
// Built normally (`swift build`), the executable replays the files and folders given as arguments,
// so the committed corpus and every crash reproducer run as ordinary tests. Built with
// `-sanitize=fuzzer -DFUZZING` (see Tests/Fuzz/run.sh), it hands control to libFuzzer.
#if canImport(Glibc)
import Glibc
#endif
import Foundation
import FuzzDriver
import ProjectStore
import ProjectStoreFile

enum StoreReaderCheck {
    /// One collator per locale, made once: opening an ICU collator costs far more than a check.
    nonisolated(unsafe) static let collators = ["en_US_POSIX", "en_US", "sv_SE", "ja_JP"].map {
        NameCollator(locale: Locale(identifier: $0))
    }

    static func check(_ bytes: [UInt8]) {
        let stillOut = try? StoreDocument.decode(bytes, pieces: .stillOut)
        guard let document = try? StoreDocument.decode(bytes) else {
            FuzzDriver.require(stillOut == nil, "a store refused whole was read keeping only the pieces still out")
            return
        }
        // Read for `submissions --pending`: the same submissions in the same places, their pieces
        // still out alone.
        FuzzDriver.require(stillOut?.submissions.map(\.id) == document.submissions.map(\.id), "reading the pieces still out lost a submission")
        for (kept, whole) in zip(stillOut?.submissions ?? [], document.submissions) {
            FuzzDriver.require(kept.pieces == whole.pieces.filter { $0.response.status.isOpen }, "reading the pieces still out kept the wrong pieces")
        }
        guard var catalog = try? ProjectCatalog(projects: document.projects, defaultOrder: document.order) else {
            // `import` reads the same documents but trims names rather than refusing them; whatever it
            // accepts, it appends whole and in order.
            var empty = ProjectCatalog()
            if let imported = try? empty.importProjects(document.projects) {
                FuzzDriver.require(imported.map(\.id) == document.projects.map(\.id), "import lost, added or reordered projects")
                FuzzDriver.require(imported.map(\.position) == positions(imported.count), "imported positions are not 1…n")
            }
            return
        }

        // Markets and submissions ride along when they keep their rules (a market named twice is
        // refused, as in the store).
        var withSubmissions = catalog
        if (try? withSubmissions.takeStored(markets: document.markets, submissions: document.submissions)) != nil {
            catalog = withSubmissions
        }

        // The catalog's own rules.
        let projects = catalog.projects
        FuzzDriver.require(projects.map(\.position) == positions(projects.count), "positions are not 1…n")
        FuzzDriver.require(Set(projects.map(\.id)).count == projects.count, "ids are not unique")
        FuzzDriver.require(Set(projects.map { $0.name.lowercased() }).count == projects.count, "names are not unique")
        for project in projects where !holdsInvisibleCharacter(project.name) {
            FuzzDriver.require((try? ProjectName.validated(project.name)) == project.name, "a stored name breaks the naming rules")
        }

        // What is written reads back the same, and writing it again gives the same bytes. Written as
        // the store is (an export leaves out the order keys, which `import` makes anew).
        let written = StoreDocument.encode(catalog, withRevision: true)
        var reread: ProjectCatalog
        do {
            let again = try StoreDocument.decode(written)
            reread = try ProjectCatalog(projects: again.projects, defaultOrder: again.order)
            try reread.takeStored(markets: again.markets, submissions: again.submissions)
        } catch {
            FuzzDriver.fail("a store this version wrote cannot be read back: \(error)")
        }
        for (before, after) in zip(catalog.projects, reread.projects) where before != after {
            FuzzDriver.fail("a project changed on the way through the disk: \(before) became \(after)")
        }
        FuzzDriver.require(reread == catalog, "the catalog changed on the way through the disk")
        FuzzDriver.require(StoreDocument.encode(reread, withRevision: true) == written, "writing the same catalog twice gave different bytes")
        // The JSON of `list --json` and `show --json` is valid for the same projects.
        _ = ProjectJSON.encode(projects) { $0.folder?.recorded }

        // Every order lists every project exactly once, and listing twice gives the same order.
        for collator in collators {
            for order in ProjectOrder.allCases {
                let listed = catalog.projects(in: order, collator: collator)
                FuzzDriver.require(Set(listed.map(\.id)) == Set(projects.map(\.id)) && listed.count == projects.count,
                        "order \(order) lost or repeated a project")
                FuzzDriver.require(listed.map(\.id) == catalog.projects(in: order, collator: collator).map(\.id),
                        "order \(order) is not deterministic")
            }
        }

        // Importing the store into itself is refused (every id is taken) and changes nothing;
        // importing it into an empty store gives the same projects.
        var copy = catalog
        if !projects.isEmpty {
            FuzzDriver.require((try? copy.importProjects(projects)) == nil, "importing a store into itself was accepted")
            FuzzDriver.require(copy == catalog, "a refused import changed the catalog")
        }
        // A name with a character that shows nothing is refused in a new name, an imported one
        // included, but still loads from a list that holds one, so that no writer is locked out.
        if projects.contains(where: { holdsInvisibleCharacter($0.name) }) { return }
        var empty = ProjectCatalog()
        guard let imported = try? empty.importProjects(projects) else {
            FuzzDriver.fail("a valid store cannot be imported into an empty one")
        }
        // (`import` stores empty details as none, as `add` and `edit` do.)
        FuzzDriver.require(imported.count == projects.count, "importing into an empty store lost projects")
        for (before, after) in zip(projects, imported) {
            FuzzDriver.require(before.id == after.id && before.name == after.name && before.kind == after.kind
                    && before.created == after.created && (before.details ?? "") == (after.details ?? "")
                    && before.position == after.position,
                    "importing into an empty store changed \(before) into \(after)")
        }
    }

    /// Whether a name holds a character new names may not have because it shows nothing or
    /// reorders the text around it (`NameProblem.invisibleCharacter`).
    static func holdsInvisibleCharacter(_ name: String) -> Bool {
        do {
            _ = try ProjectName.validated(name)
            return false
        } catch .invalidName(_, .invisibleCharacter) {
            return true
        } catch {
            return false
        }
    }

    static func positions(_ count: Int) -> [Int] {
        (0..<count).map { $0 + 1 }
    }

}

@main
enum FuzzStoreReader {
    static func main() {
        exit(FuzzDriver.run(StoreReaderCheck.check))
    }
}
