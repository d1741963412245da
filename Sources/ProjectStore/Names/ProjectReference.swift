import Foundation

/// How a command names a project.
public enum ProjectReference: Sendable, Equatable {
    /// What a person typed: a name, an id, or an id prefix of at least 4 characters.
    case named(String)
    /// A project already found, named by its id alone.
    case id(UUID)
}
