import Foundation
import ProjectStore
import Testing
@testable import ProjectStoreFile

/// A storage keeps the catalog it last read, so that a change right after a read decodes the store
/// once; what it keeps must never hide a store changed since.
@Suite("Last read store")
struct LastReadStoreTests {
    private func names(_ storage: FileStorage) throws -> [String] {
        try storage.update { catalog in catalog.projects.map(\.name) }
    }

    /// A store holding "Alpha", and a storage that has read it.
    private func readStore(in folder: String) throws -> (path: String, reader: FileStorage) {
        let path = folder + "/projects.json"
        try makeStore(FileStorage(path: path)).add(name: "Alpha")
        let reader = FileStorage(path: path)
        #expect(try reader.load().projects.map(\.name) == ["Alpha"])
        return (path, reader)
    }

    @Test func aChangeAfterAReadSeesTheStoreAnotherWriterReplacedMeanwhile() throws {
        try withTemporaryFolder { folder in
            let (path, reader) = try readStore(in: folder)
            try makeStore(FileStorage(path: path)).add(name: "Beta")
            #expect(try names(reader).sorted() == ["Alpha", "Beta"])
        }
    }

    @Test func aStoreRewrittenInPlaceIsReadAnew() throws {
        try withTemporaryFolder { folder in
            let (path, reader) = try readStore(in: folder)
            // Another program's write, as long as the old one, a moment later: the same inode and size.
            Thread.sleep(forTimeInterval: 0.05)
            let text = try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(of: "\"Alpha\"", with: "\"Omega\"")
            let handle = try #require(FileHandle(forWritingAtPath: path))
            try handle.write(contentsOf: Data(text.utf8))
            try handle.close()
            #expect(try reader.load().projects.map(\.name) == ["Omega"])
        }
    }

    @Test func aChangeAfterAReadWritesOnWhatWasRead() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/projects.json"
            let store = makeStore(FileStorage(path: path))
            try store.add(name: "Alpha")
            _ = try store.catalog()
            try store.rename(.named("Alpha"), to: "Gamma")
            try store.add(name: "Delta")
            #expect(try FileStorage(path: path).load().projects.map(\.name).sorted() == ["Delta", "Gamma"])
        }
    }
}
