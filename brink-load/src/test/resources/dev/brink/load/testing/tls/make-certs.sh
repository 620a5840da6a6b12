#!/usr/bin/env bash
# Regenerates the test certificates beside this script with the JDK's keytool (and openssl-free PEM export through
# a few lines of Java). Run from this folder; every file here is test material, no key guards anything.
set -euo pipefail
KT="keytool -J-XX:TieredStopAtLevel=1"
rm -f *.p12 *.pem *.key *.csr
P="-storetype PKCS12 -storepass changeit -keypass changeit"
$KT -genkeypair $P -keystore ca.p12 -alias ca -keyalg EC -groupname secp256r1 -dname "CN=Brink Test CA" \
    -ext bc:c -validity 18250
$KT -exportcert -rfc $P -keystore ca.p12 -alias ca -file ca.pem
# name leaf startdate validity SAN
leaf() {
  $KT -genkeypair $P -keystore "$1.p12" -alias "$1" -keyalg EC -groupname secp256r1 -dname "CN=$1"
  $KT -certreq $P -keystore "$1.p12" -alias "$1" -file "$1.csr"
  $KT -gencert $P -keystore ca.p12 -alias ca -infile "$1.csr" -outfile "$1.pem" -rfc $2 -validity "$3" ${4:+-ext "$4"}
  rm "$1.csr"
}
leaf server "" 18250 "SAN=dns:localhost,ip:127.0.0.1"
leaf expired "-startdate 2020/01/01" 2 "SAN=dns:localhost,ip:127.0.0.1"
leaf wrong-name "" 18250 "SAN=dns:other.example"
leaf client "" 18250 ""
cat > /tmp/PemKey.java <<'JAVA'
import java.io.*; import java.security.*; import java.util.Base64;
public class PemKey { public static void main(String[] a) throws Exception {
  KeyStore ks = KeyStore.getInstance(new File(a[0] + ".p12"), "changeit".toCharArray());
  byte[] der = ks.getKey(a[0], "changeit".toCharArray()).getEncoded();
  try (Writer w = new FileWriter(a[0] + ".key")) {
    w.write("-----BEGIN PRIVATE KEY-----\n" + Base64.getMimeEncoder(64, "\n".getBytes()).encodeToString(der) + "\n-----END PRIVATE KEY-----\n");
  }
}}
JAVA
for n in server expired wrong-name client; do java /tmp/PemKey.java "$n"; done
rm -f *.p12 /tmp/PemKey.java
