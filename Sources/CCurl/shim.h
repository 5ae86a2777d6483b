/* Header-only shim for libcurl's variadic entry points, which Swift cannot call.
 * Each helper fixes the type of the variadic argument; all are one-line `static inline`
 * functions, so no separate C target is needed. */
#ifndef GBFUZZ_CCURL_SHIM_H
#define GBFUZZ_CCURL_SHIM_H

#include <curl/curl.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

typedef size_t (*ccurl_data_cb)(char *, size_t, size_t, void *);

/* MARK: easy setopt */

static inline CURLcode ccurl_easy_setopt_long(CURL *h, CURLoption o, long v) {
    return curl_easy_setopt(h, o, v);
}
static inline CURLcode ccurl_easy_setopt_off(CURL *h, CURLoption o, curl_off_t v) {
    return curl_easy_setopt(h, o, v);
}
static inline CURLcode ccurl_easy_setopt_ptr(CURL *h, CURLoption o, const void *v) {
    return curl_easy_setopt(h, o, v);
}
static inline CURLcode ccurl_easy_setopt_str(CURL *h, CURLoption o, const char *v) {
    return curl_easy_setopt(h, o, v);
}
static inline CURLcode ccurl_easy_setopt_slist(CURL *h, CURLoption o, struct curl_slist *v) {
    return curl_easy_setopt(h, o, v);
}
static inline CURLcode ccurl_easy_setopt_datacb(CURL *h, CURLoption o, ccurl_data_cb v) {
    return curl_easy_setopt(h, o, v);
}

static inline CURLcode ccurl_easy_setopt_closesocketcb(CURL *h, curl_closesocket_callback cb) {
    return curl_easy_setopt(h, CURLOPT_CLOSESOCKETFUNCTION, cb);
}

/* MARK: easy getinfo */

static inline CURLcode ccurl_easy_getinfo_long(CURL *h, CURLINFO i, long *o) {
    return curl_easy_getinfo(h, i, o);
}
static inline CURLcode ccurl_easy_getinfo_off(CURL *h, CURLINFO i, curl_off_t *o) {
    return curl_easy_getinfo(h, i, o);
}
static inline CURLcode ccurl_easy_getinfo_ptr(CURL *h, CURLINFO i, void **o) {
    return curl_easy_getinfo(h, i, o);
}
static inline CURLcode ccurl_easy_getinfo_str(CURL *h, CURLINFO i, char **o) {
    return curl_easy_getinfo(h, i, o);
}

/* MARK: multi setopt */

static inline CURLMcode ccurl_multi_setopt_long(CURLM *m, CURLMoption o, long v) {
    return curl_multi_setopt(m, o, v);
}
static inline CURLMcode ccurl_multi_setopt_ptr(CURLM *m, CURLMoption o, void *v) {
    return curl_multi_setopt(m, o, v);
}
static inline CURLMcode ccurl_multi_setopt_socketcb(CURLM *m, curl_socket_callback cb) {
    return curl_multi_setopt(m, CURLMOPT_SOCKETFUNCTION, cb);
}
static inline CURLMcode ccurl_multi_setopt_timercb(CURLM *m, curl_multi_timer_callback cb) {
    return curl_multi_setopt(m, CURLMOPT_TIMERFUNCTION, cb);
}

/* MARK: constants that are cast macros and therefore not importable */

static const curl_socket_t ccurl_socket_timeout = CURL_SOCKET_TIMEOUT;
static const long ccurl_global_all = CURL_GLOBAL_ALL;
static const long ccurl_error_size = CURL_ERROR_SIZE;
static const CURLversion ccurl_version_now = CURLVERSION_NOW;

/* MARK: CURLMsg (holds a union) */

/* The easy handle of a finished transfer, storing its result in `*rc`; NULL for any other message. */
static inline CURL *ccurl_msg_done(CURLMsg *m, CURLcode *rc) {
    if (!m || m->msg != CURLMSG_DONE) return NULL;
    *rc = m->data.result;
    return m->easy_handle;
}

/* MARK: threads */

/* Names the calling thread (visible in top -H and perf); pthread_setname_np is not exported by Glibc. */
static inline void ccurl_set_thread_name(const char *name) {
#ifdef __linux__
    prctl(PR_SET_NAME, name, 0, 0, 0);
#else
    (void)name;
#endif
}

#endif
