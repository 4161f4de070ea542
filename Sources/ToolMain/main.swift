import PureX509Tool

// The tool's commands live in PureX509Tool, so that the NIO integration's
// `purex509` (Integrations/NIOSSL) is the same tool with `connect` added.
PureX509Command.main()
