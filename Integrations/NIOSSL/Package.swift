// swift-tools-version: 6.1
// PureX509 with SwiftNIO: TLS handshakes whose certificates PureX509
// decides (client and mutual TLS), and the `purex509` tool with `connect`.
// A package of its own so that the core package keeps no third-party
// dependency (docs/nio.md).
import PackageDescription

let package = Package(
    name: "PureX509NIOSSL",
    products: [
        .library(name: "PureX509NIOSSL", targets: ["PureX509NIOSSL"]),
        .executable(name: "purex509-nio", targets: ["purex509-nio"]),
    ],
    dependencies: [
        .package(name: "PureX509", path: "../.."),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
    ],
    targets: [
        .target(
            name: "PureX509NIOSSL",
            dependencies: [
                .product(name: "PureX509", package: "PureX509"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),
        .executableTarget(
            name: "purex509-nio",
            dependencies: [
                "PureX509NIOSSL",
                .product(name: "PureX509", package: "PureX509"),
                .product(name: "PureX509Tool", package: "PureX509"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOTLS", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),
        .testTarget(
            name: "PureX509NIOSSLTests",
            dependencies: [
                "PureX509NIOSSL",
                .product(name: "PureX509", package: "PureX509"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOTLS", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            // Read by path (#filePath), and served by `openssl s_server`.
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
