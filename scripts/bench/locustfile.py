"""The peers' mix for Locust (docs/BENCHMARKS.md, "Harness CPU"): guest logins from new devices,
token logins and own-member reads of the user's own session, 4 : 3 : 3, each answer's
isSuccessful checked. FastHttpUser: Locust's fastest client."""
import itertools
import os

from locust import FastHttpUser, task

PATH = "/tcgb-gateway/v1.3/apps/gbfuzz/auth"
PREFIX = os.environ.get("BENCH_PREFIX", "locust")
numbers = itertools.count()


class Player(FastHttpUser):
    def on_start(self):
        self.device = f"{PREFIX}-u{next(numbers)}"
        self.token = self.guest(self.device)

    def guest(self, device):
        with self.client.post(PATH + "/login", json={"idPCode": "guest"},
                              headers={"X-TCGB-Device-Id": device}, catch_response=True) as r:
            body = r.json()
            if not body["header"]["isSuccessful"]:
                r.failure(body["header"]["resultCode"])
                return None
            return body["token"]["accessToken"]

    def session(self):
        return {"X-TCGB-Device-Id": self.device, "Authorization": f"Bearer {self.token}"}

    def check(self, r):
        if not r.json()["header"]["isSuccessful"]:
            r.failure(r.json()["header"]["resultCode"])

    @task(4)
    def login_guest(self):
        self.guest(f"{PREFIX}-g{next(numbers)}")

    @task(3)
    def login_token(self):
        with self.client.post(PATH + "/login/token", headers=self.session(), catch_response=True) as r:
            self.check(r)

    @task(3)
    def member_get(self):
        with self.client.get(PATH + "/member", headers=self.session(), catch_response=True) as r:
            self.check(r)
