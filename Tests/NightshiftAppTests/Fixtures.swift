/// The lanes files the tests run.
enum Fixtures {
    static let lanes = """
        project: { name: Demo }
        secrets: [RELEASE_TOKEN]
        lanes:
          lint:
            description: Lint the sources
            steps:
              - sh: echo lint
          nightly:
            description: Nightly build
            schedule: H 0 * * 0-4
            steps:
              - sh: echo "token $RELEASE_TOKEN for ${TARGET}"
          broken:
            steps:
              - sh: make broken
                name: Compile
              - sh: echo never
              - sh: echo cleaning
                always: true
          hang:
            steps:
              - sh: sleep forever
        """

    /// `lint` with an unknown key and a configuration that does not exist.
    static let invalid = """
        project: { name: Demo }
        lanes:
          lint:
            stpes: []
            configuration: x
        """
}
