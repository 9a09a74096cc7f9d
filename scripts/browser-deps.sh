#!/bin/sh
# Debian's Chromium and a Chinese font for the browser tests (tests/browser): never a downloaded browser.
# As root with apt-get it installs `chromium` and `fonts-wqy-microhei`; anywhere else it says loudly
# that the browser tests will be SKIPPED. It always exits 0 so that `make test` runs everything else.

have_chromium() { [ -x /usr/bin/chromium ]; }
have_cjk_font() { fc-list :lang=zh 2>/dev/null | grep -q .; }

loud() {
    bar="!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!"
    printf '\n%s\n!! %s\n%s\n\n' "$bar" "$*" "$bar" >&2
}

missing() {
    m=""
    have_chromium || m="chromium"
    have_cjk_font || m="${m:+$m and }fonts-wqy-microhei"
    printf '%s' "$m"
}

if have_chromium && have_cjk_font; then
    exit 0
fi

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "browser-deps: installing Debian's chromium and fonts-wqy-microhei with apt-get"
    log=$(mktemp)
    if ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-wqy-microhei; } \
        >"$log" 2>&1; then
        tail -n 15 "$log" >&2
    fi
    rm -f "$log"
    if have_chromium && have_cjk_font; then
        exit 0
    fi
    loud "apt-get could not install: $(missing) -- the browser tests will be SKIPPED"
elif [ "$(id -u)" = 0 ]; then
    loud "no apt-get here to install $(missing) -- the browser tests will be SKIPPED"
else
    loud "missing $(missing) and not root: the browser tests will be SKIPPED (as root: sh scripts/browser-deps.sh)"
fi
exit 0
