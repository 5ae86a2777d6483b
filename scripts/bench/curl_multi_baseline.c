/* A plain C libcurl multi loop: the baseline gbfuzz's transport is measured against.
 *
 * Keeps N transfers in flight against one URL for D seconds (closed loop: a finished easy handle is
 * re-added at once, reusing its connection), one thread, curl_multi_perform + curl_multi_poll.
 * Prints one line: "requests=<n> errors=<n> duration_s=<s> rps=<r>".
 *
 * Build: gcc -O2 -o curl_multi_baseline curl_multi_baseline.c $(pkg-config --cflags --libs libcurl)
 * Usage: curl_multi_baseline URL [CONNECTIONS=64] [SECONDS=5]
 */
#include <curl/curl.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static size_t discard(char *data, size_t size, size_t count, void *user) {
    (void)data;
    (void)user;
    return size * count;
}

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s URL [CONNECTIONS] [SECONDS]\n", argv[0]);
        return 64;
    }
    const char *url = argv[1];
    int connections = argc > 2 ? atoi(argv[2]) : 64;
    double seconds = argc > 3 ? atof(argv[3]) : 5.0;
    if (connections < 1 || seconds <= 0) {
        fprintf(stderr, "bad CONNECTIONS or SECONDS\n");
        return 64;
    }

    curl_global_init(CURL_GLOBAL_ALL);
    CURLM *multi = curl_multi_init();
    curl_multi_setopt(multi, CURLMOPT_MAXCONNECTS, (long)connections);

    CURL **handles = calloc((size_t)connections, sizeof(CURL *));
    for (int i = 0; i < connections; i++) {
        CURL *h = curl_easy_init();
        curl_easy_setopt(h, CURLOPT_URL, url);
        curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, discard);
        curl_easy_setopt(h, CURLOPT_NOSIGNAL, 1L);
        curl_easy_setopt(h, CURLOPT_TCP_NODELAY, 1L);
        curl_easy_setopt(h, CURLOPT_HTTP_VERSION, (long)CURL_HTTP_VERSION_1_1);
        curl_easy_setopt(h, CURLOPT_TIMEOUT_MS, 10000L);
        handles[i] = h;
        curl_multi_add_handle(multi, h);
    }

    long long requests = 0, errors = 0;
    const double start = now_seconds();
    const double deadline = start + seconds;
    int running = 1;
    int stopping = 0;
    while (running > 0 || !stopping) {
        curl_multi_perform(multi, &running);
        CURLMsg *msg;
        int queued;
        while ((msg = curl_multi_info_read(multi, &queued))) {
            if (msg->msg != CURLMSG_DONE) continue;
            CURL *h = msg->easy_handle;
            if (msg->data.result == CURLE_OK) requests++;
            else errors++;
            curl_multi_remove_handle(multi, h);
            if (!stopping) curl_multi_add_handle(multi, h);
        }
        if (!stopping && now_seconds() >= deadline) stopping = 1;
        if (stopping && running == 0) break;
        curl_multi_poll(multi, NULL, 0, 100, NULL);
    }
    const double elapsed = now_seconds() - start;

    printf("requests=%lld errors=%lld duration_s=%.3f rps=%.1f\n", requests, errors, elapsed,
           (double)requests / elapsed);
    for (int i = 0; i < connections; i++) {
        curl_multi_remove_handle(multi, handles[i]);
        curl_easy_cleanup(handles[i]);
    }
    free(handles);
    curl_multi_cleanup(multi);
    curl_global_cleanup();
    return requests > 0 ? 0 : 69;
}
