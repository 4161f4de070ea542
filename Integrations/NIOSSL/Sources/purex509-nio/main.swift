import PureX509Tool

// The `purex509` tool with `connect`: the same commands as the core
// package's tool, and a TLS stack (swift-nio-ssl) for the handshake.
ConnectCommand.handshake = ServedChainFetcher.fetch
PureX509Command.main()
