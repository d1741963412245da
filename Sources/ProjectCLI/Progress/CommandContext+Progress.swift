import Foundation
import ProjectStore
import ProjectStoreFile

/// Where a command records the words it counted, and how (docs/progress.md).
extension CommandContext {
    /// The progress files of this store: in the shared root when there is one, else beside the store.
    func progressFolder(_ store: ProjectStore, _ catalog: ProjectCatalog) throws(CommandError) -> ProgressFiles {
        guard let storePath else { throw .noStoreLocation }
        return ProgressFiles(folder: ProgressFiles.folder(sharedRoot: store.sharedRoot(of: catalog), storePath: storePath))
    }

    /// The zone's offset from UTC at `date`, in minutes: it fixes the day a count falls on.
    func offsetMinutes(at date: Date) -> Int {
        locales.timeZone.zone.secondsFromGMT(for: date) / 60
    }

    /// Counts made now, as records.
    func wordCounts(_ words: [UUID: Int], at date: Date) -> [WordCount] {
        let time = Int(date.timeIntervalSince1970.rounded(.down))
        let offset = offsetMinutes(at: date)
        return words.sorted { $0.key.uuidString < $1.key.uuidString }.map {
            WordCount(project: $0.key, time: time, offsetMinutes: offset, words: $0.value)
        }
    }

    /// Records what a command counted. Progress is a record kept on the side: a folder that cannot
    /// be written costs the record, never the command its result.
    func recordWords(_ words: [UUID: Int], store: ProjectStore, catalog: ProjectCatalog) {
        guard !words.isEmpty, let folder = try? progressFolder(store, catalog) else { return }
        try? folder.record(wordCounts(words, at: clock()), of: MachineFile.machine(environment: environment).id)
    }
}
