#!/usr/bin/env python3
"""Book a device of the testbed, flash it with an image, wait until it is ready and print the ssh command.

Only Python's standard library: run it as it is, from a terminal or a notebook cell (`%run book_and_flash.py`).

    export TESTBED_URL=https://testbed.example.org
    export TESTBED_TOKEN=tbp_...        # a personal API token of the read+book+flash scope
    python3 book_and_flash.py --type raspberry-pi-4 --image raspios-bookworm-lite --minutes 60

The token comes from your account page on the portal (See my account, API tokens). docs/python.md explains
each call; the OpenAPI document of the portal (/api/docs) describes them all.
"""

import argparse
import json
import os
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from datetime import datetime, timedelta, timezone


class PortalError(Exception):
    pass


class Portal:
    def __init__(self, url, token):
        self.url = url.rstrip("/")
        self.token = token

    def call(self, method, path, body=None, query=None):
        """One API call: JSON in, JSON out; a refusal raises PortalError with the portal's message."""
        url = self.url + "/api" + path
        if query:
            url += "?" + urllib.parse.urlencode(query)
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(url, data=data, method=method)
        request.add_header("Authorization", "Bearer " + self.token)
        request.add_header("Accept", "application/json")
        if data is not None:
            request.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(request, timeout=30) as reply:
                return json.load(reply)
        except urllib.error.HTTPError as error:
            try:
                reply = json.load(error)
            except ValueError:
                reply = {}
            # Errors are {"message": ...}; a refused booking is {"value0": false, "value1": [messages]}.
            message = reply.get("message") or "; ".join(reply.get("value1") or []) or error.reason
            raise PortalError(f"{method} {path}: {error.code} {message}") from None


def book(portal, me, device_type, minutes):
    """Books the first free window of one device of the type, starting now if one is free now."""
    slots = portal.call("GET", "/freeSlots", query={"deviceType": device_type, "count": 1, "durationMinutes": minutes})["slots"]
    if not slots:
        raise PortalError(f"No {device_type} is free for {minutes} minutes.")
    slot = slots[0]
    start = datetime.fromisoformat(slot["start"].replace("Z", "+00:00"))
    now = datetime.now(timezone.utc)
    start_now = start <= now + timedelta(minutes=1)
    if start_now:
        # The portal takes its own "now" as the start; the fields hold the next whole minute.
        start = (now + timedelta(minutes=1)).replace(second=0, microsecond=0)
    end = start + timedelta(minutes=minutes)
    device = slot["devices"][0]
    form = {
        "userId": me["userId"],
        "startDate": {"year": start.year, "month": start.month, "day": start.day},
        "startHour": f"{start.hour}:{start.minute:02d}",
        "durationHour": minutes // 60,
        "durationMinute": minutes % 60,
        "endDate": {"year": end.year, "month": end.month, "day": end.day},
        "endHour": f"{end.hour}:{end.minute:02d}",
        "reservationType": "Exclusive",
        "reservationDescription": "Booked from Python",
        "selectedDevices": [{"macAddress": device["macAddress"], "ipAddress": device["ipAddress"]}],
        "timeZone": "UTC",
        "startNow": start_now,
    }
    booked = portal.call("POST", "/reserveNodes", {"nodesBookingForm": form, "selectedUsers": []})
    return booked["value1"], booked["startDate"], device


def wait_until(moment):
    while datetime.now(timezone.utc) < moment:
        time.sleep(min(30, (moment - datetime.now(timezone.utc)).total_seconds() + 1))


def flash(portal, device, image, timeout):
    """Starts a flash job and follows it until the device is ready with your account on it; returns its handle."""
    started = portal.call("POST", "/flashNodes", {"deviceType": device["deviceType"], "device": device["macAddress"], "image": image})
    handle = started["value2"]
    deadline = time.monotonic() + timeout
    shown = None
    while True:
        status = portal.call("POST", "/checkFlashing", {"handle": handle})
        if status["state"] != shown:
            print(f"{device['macAddress']}: {status['state']}", file=sys.stderr)
            shown = status["state"]
        if status["state"] == "done":
            return handle
        if status["state"] in ("failed", "cancelled"):
            raise PortalError(f"Flashing {device['macAddress']} {status['state']}: {status['error'] or status['value1']}")
        if time.monotonic() > deadline:
            raise PortalError(f"{device['macAddress']} is still {status['state']} after {timeout} s.")
        time.sleep(2)


def wait_ready(portal, device, timeout):
    """Waits until the device's node accepts connections (value1 "0")."""
    deadline = time.monotonic() + timeout
    while portal.call("POST", "/checkNodeReady", {"ip": device["ipAddress"]})["value1"] != "0":
        if time.monotonic() > deadline:
            raise PortalError(f"{device['macAddress']} does not accept connections after {timeout} s.")
        time.sleep(2)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--type", required=True, help="device type, e.g. raspberry-pi-4")
    parser.add_argument("--image", required=True, help="an image of the device type")
    parser.add_argument("--minutes", type=int, default=60, help="how long to book (default 60)")
    parser.add_argument("--timeout", type=int, default=1800, help="seconds to wait for the flash (default 1800)")
    args = parser.parse_args()
    url, token = os.environ.get("TESTBED_URL"), os.environ.get("TESTBED_TOKEN")
    if not url or not token:
        sys.exit("Set TESTBED_URL and TESTBED_TOKEN (a personal API token of the read+book+flash scope).")
    portal = Portal(url, token)
    try:
        me = portal.call("GET", "/auth/me")
        reservation_id, start, device = book(portal, me, args.type, args.minutes)
        print(f"reservation {reservation_id}: {device['macAddress']} ({device['ipAddress']}) from {start}")
        # A device can be flashed once its reservation has started.
        wait_until(datetime.fromisoformat(start.replace("Z", "+00:00")))
        handle = flash(portal, device, args.image, args.timeout)
        wait_ready(portal, device, args.timeout)
        # The finished job says how to reach the node, through the testbed's jump host if it has one.
        ssh = portal.call("GET", f"/flashJobs/{handle}")["sshCommand"]
    except PortalError as error:
        sys.exit(str(error))
    print(ssh or f"ssh {me['username']}@{device['ipAddress']}")


if __name__ == "__main__":
    main()
