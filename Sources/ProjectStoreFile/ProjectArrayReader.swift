import Dispatch
import Foundation
import ProjectStore

/// Reads the `projects` array of a document. A long one is read on two cores: the objects are
/// found first by brackets and quotes alone, then each half is parsed on its own.
enum ProjectArrayReader {
    /// Below this many projects, starting a second thread costs more than it saves.
    static let parallelThreshold = 2_000

    static func read(_ scanner: inout JSONScanner, in bytes: UnsafeBufferPointer<UInt8>) throws(DocumentProblem) -> [Project] {
        guard let layout = scanner.objectArrayLayout(), layout.starts.count >= parallelThreshold else {
            return try readInOrder(&scanner)
        }
        let middle = layout.starts.count / 2
        let halves = Halves()
        let document = SharedBytes(bytes: bytes)
        // The second half on a thread of its own, the first on this one.
        let secondDone = DispatchSemaphore(value: 0)
        let starts = layout.starts
        let thread = Thread {
            halves.second = Result { () throws(DocumentProblem) in
                try readObjects(at: starts, middle..<starts.count, in: document.bytes, reserving: 0)
            }
            secondDone.signal()
        }
        thread.start()
        halves.first = Result { () throws(DocumentProblem) in
            try readObjects(at: starts, 0..<middle, in: document.bytes, reserving: starts.count)
        }
        secondDone.wait()
        // The first half's mistake comes first in the document, so it is the one reported.
        var projects = try halves.first!.get()
        projects.append(contentsOf: try halves.second!.get())
        scanner.skip(to: layout.end)
        return projects
    }

    private static func readInOrder(_ scanner: inout JSONScanner) throws(DocumentProblem) -> [Project] {
        var list: [Project] = []
        try scanner.array { scanner throws(DocumentProblem) in
            list.append(try ProjectJSON.read(from: &scanner, position: list.count + 1))
        }
        return list
    }

    private static func readObjects(
        at starts: [Int], _ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>, reserving capacity: Int
    ) throws(DocumentProblem) -> [Project] {
        var projects: [Project] = []
        projects.reserveCapacity(max(capacity, range.count))
        for index in range {
            var scanner = JSONScanner(bytes, offset: starts[index])
            projects.append(try ProjectJSON.read(from: &scanner, position: index + 1))
        }
        return projects
    }
}

/// Each half's outcome, written by its own thread only.
private final class Halves: @unchecked Sendable {
    var first: Result<[Project], DocumentProblem>?
    var second: Result<[Project], DocumentProblem>?
}

/// The document's bytes, read (never written) by both threads while the caller holds them.
private struct SharedBytes: @unchecked Sendable {
    let bytes: UnsafeBufferPointer<UInt8>
}
