/**
 * Fixed material for the x5c examples of the finding pages, made once with openssl: the public half of
 * an EC P-256 key (its private half was thrown away), a self-signed certificate for that key valid in
 * January 2020 only, and a certificate for another key valid from 2025 to 2125. Fixed, so a page built
 * on any day shows the same finding.
 */
export const X5C_EXAMPLE = {
  jwk: { kty: 'EC', crv: 'P-256', x: '7sgd3ib6R0cNfGp_SG3OMgzgHGogCMFiqXejJQSvI18', y: '5SsQvQjuq6lZ1yrpSt-P4igbCYblVHOk1LGmb6L4Y34' },
  expiredCertificate: 'MIIBHDCBwgIBATAKBggqhkjOPQQDAjAaMRgwFgYDVQQDDA9pZHAuZXhhbXBsZS5jb20wHhcNMjAwMTAxMDAwMDAwWhcNMjAwMjAxMDAwMDAwWjAaMRgwFgYDVQQDDA9pZHAuZXhhbXBsZS5jb20wWTATBgcqhkjOPQIBBggqhkjOPQMBBwNCAATuyB3eJvpHRw18an9Ibc4yDOAcaiAIwWKpd6MlBK8jX+UrEL0I7qupWdcq6Urfj+IoGwmG5VRzpNSxpm+i+GN+MAoGCCqGSM49BAMCA0kAMEYCIQD7w8b3GCh+Lagas4EW9Y1CKcQAcqx2LU2ZCKTnZYfhJAIhAPpSRRGTeebsP9JSJXlajfIpWypvH0CgoTcDDsHCafSI',
  otherKeyCertificate: 'MIIBHTCBxAIBAjAKBggqhkjOPQQDAjAaMRgwFgYDVQQDDA9pZHAuZXhhbXBsZS5jb20wIBcNMjUwMTAxMDAwMDAwWhgPMjEyNTAxMDEwMDAwMDBaMBoxGDAWBgNVBAMMD2lkcC5leGFtcGxlLmNvbTBZMBMGByqGSM49AgEGCCqGSM49AwEHA0IABMIgT3Rp8vDjXMZtEI2KzpeYorX1byxjGKPIH6e6Jpz9gFU6ygtQx34np042FHErq1pu2jdHn9gO3v8fFdGNRY4wCgYIKoZIzj0EAwIDSAAwRQIgXK/uasyk0GVCusXJzSqIkFI10qw7CzXQM1TLwRwjBpoCIQDSLQGw7eHtv8XesOEj5EzgaovGjIcfvEnGkG6eWAqo9w==',
} as const;
