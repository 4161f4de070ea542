/// The `openssl x509 -extfile` sections the PKCS #12 fixtures sign with: a CA
/// (`-extensions ca`) and a clientAuth leaf (`-extensions leaf`), each with key
/// identifiers so that chains build by key as real ones do.
public let openSSLClientExtensions = """
[req]
distinguished_name = dn
[dn]
[ca]
basicConstraints = critical, CA:TRUE
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
[leaf]
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature
extendedKeyUsage = clientAuth
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
"""
