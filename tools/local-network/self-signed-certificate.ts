/**
 * A self-signed certificate for localhost/127.0.0.1 (P-256, valid until 2126), made for these
 * local servers only (tests and the demo) with:
 *   openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 36500 \
 *     -subj "/CN=localhost" -addext "subjectAltName=DNS:localhost,IP:127.0.0.1"
 * No system trusts it, which is the point: the check must report the echo's certificate.
 */
export const SELF_SIGNED_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgI55KYAD2XGW81MW4
gRJF/RMLPAEh4Ixc7gYOO8x74hGhRANCAARCBBEGm3+JmB7tbUlD1HO0cPyb1VvA
OTucqzAMwNtYDO2PJfjjnemW9aOJw3Ru9Awqnjl2qIg3WsU442HbLQCs
-----END PRIVATE KEY-----
`;

export const SELF_SIGNED_CERT = `-----BEGIN CERTIFICATE-----
MIIBnDCCAUGgAwIBAgIUYP23YqbQiegC8iR+TlfQ3EgilJIwCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJbG9jYWxob3N0MCAXDTI2MTEyMjAxMTYyMloYDzIxMjYxMDI5
MDExNjIyWjAUMRIwEAYDVQQDDAlsb2NhbGhvc3QwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAARCBBEGm3+JmB7tbUlD1HO0cPyb1VvAOTucqzAMwNtYDO2PJfjjnemW
9aOJw3Ru9Awqnjl2qIg3WsU442HbLQCso28wbTAdBgNVHQ4EFgQUR8UbbJHxoSki
7zXAh12b4zLx3akwHwYDVR0jBBgwFoAUR8UbbJHxoSki7zXAh12b4zLx3akwDwYD
VR0TAQH/BAUwAwEB/zAaBgNVHREEEzARgglsb2NhbGhvc3SHBH8AAAEwCgYIKoZI
zj0EAwIDSQAwRgIhAM+fQ1nBMc2vsAcj7G1QjCxJrieF3/axdGqZmXxLrjE+AiEA
2XubY5FOO3Kp6ynobaYLusksxX5tdI9s8cg0HpQMCbQ=
-----END CERTIFICATE-----
`;
