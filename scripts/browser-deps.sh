#!/bin/sh
# Debian's Chromium and a CJK font for the browser tests (never a downloaded browser).
# Without root or apt the browser tests skip themselves, loudly.
if [ -x /usr/bin/chromium ] && fc-list 2>/dev/null | grep -qi "wenquanyi\|wqy"; then
    exit 0
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "installing Debian's chromium and fonts-wqy-microhei for the browser tests"
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-wqy-microhei >/dev/null) \
        || echo "WARNING: could not install chromium: the browser tests will be SKIPPED"
else
    echo "WARNING: chromium is missing and cannot be installed here (needs root and apt): the browser tests will be SKIPPED"
fi
