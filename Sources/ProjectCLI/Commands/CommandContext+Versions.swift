import Foundation
import ProjectStore
import ProjectStoreFile

/// What the version commands share: the project's shelf, a file named as versions know it, and
/// refusals turned into `CommandError`s.
extension CommandContext {
    struct VersionPlace {
        let project: Project
        let folder: String
        let shelf: VersionShelf
    }

    /// The project's shelf; refuses a project without a folder, as `files` does.
    func versionPlace(_ name: String) throws -> VersionPlace {
        let (project, folder) = try store.existingFolder(of: .named(name))
        return versionPlace(project, folder: folder)
    }

    func versionPlace(_ project: Project, folder: String) -> VersionPlace {
        let shelf = VersionShelf(folder: DiskVersionFolder(project: folder), machine: MachineFile.machine(environment: environment))
        return VersionPlace(project: project, folder: folder, shelf: shelf)
    }

    /// Runs a step of the versions, turning what it refuses into the command line's error.
    func versions<T>(_ body: () throws(VersionError) -> T) throws(CommandError) -> T {
        do throws(VersionError) { return try body() } catch { throw .versions(error) }
    }

    /// A file as the writer typed it, relative to the project's folder.
    func versionFile(_ typed: String, in place: VersionPlace) throws(CommandError) -> String {
        try versions { () throws(VersionError) in try VersionFile.relative(typed, in: place.folder) }
    }

    /// The words of a count, as a sentence says them ("2,340 words").
    func words(_ count: Int) -> String {
        localizer.text("versions.words", count: count, ["count": numbers.string(count)])
    }
}
