extension ArgumentSpec {
    /// What a command on one file's versions takes first (`diff`, `restore`): the project, then the
    /// file, named as `versions` names files, with one help for both commands.
    static let projectAndKeptFile: [ArgumentSpec] = [
        .required("placeholder.project", help: "argument.project"),
        .required("placeholder.kept-file", help: "argument.kept-file"),
    ]
}
