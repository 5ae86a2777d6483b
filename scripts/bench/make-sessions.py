"""Creates N guest sessions on a gbfuzz server and prints "device token" lines (keep-alive, sequential)."""
import http.client, json, sys, urllib.parse

url, count, prefix = sys.argv[1], int(sys.argv[2]), sys.argv[3]
u = urllib.parse.urlparse(url)
conn = http.client.HTTPConnection(u.hostname, u.port)
for i in range(count):
    device = f"{prefix}-s{i}"
    conn.request("POST", "/tcgb-gateway/v1.3/apps/gbfuzz/auth/login", body='{"idPCode":"guest"}',
                 headers={"Content-Type": "application/json", "X-TCGB-Device-Id": device})
    reply = json.loads(conn.getresponse().read())
    assert reply["header"]["isSuccessful"], reply
    print(device, reply["token"]["accessToken"])
