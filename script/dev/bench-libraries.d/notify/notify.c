// libsystemd's sd_notify against what SystemdNotifier does (one socket made once, each message
// one sendto with MSG_DONTWAIT | MSG_NOSIGNAL), to a datagram socket bound here.
//   notify time N        N messages each way, a thread draining the socket; CPU of the sender
//   notify stuck         a listener that never reads: how each behaves once its queue is full
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <stddef.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <systemd/sd-daemon.h>
#include <time.h>
#include <unistd.h>

static struct sockaddr_un address;
static socklen_t address_length;

static int listener(void) {
    int fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    address.sun_family = AF_UNIX;
    snprintf(address.sun_path, sizeof address.sun_path, "/tmp/notify-bench-%d", getpid());
    unlink(address.sun_path);
    address_length = offsetof(struct sockaddr_un, sun_path) + strlen(address.sun_path) + 1;
    if (bind(fd, (struct sockaddr *)&address, address_length) != 0) { perror("bind"); exit(1); }
    setenv("NOTIFY_SOCKET", address.sun_path, 1);
    return fd;
}

static void *drain(void *arg) {
    int fd = *(int *)arg;
    char buf[4096];
    while (recv(fd, buf, sizeof buf, 0) > 0) {}
    return NULL;
}

static double thread_cpu(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}
static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

static int cascade_socket;
static int cascade_send(const char *message) {
    return sendto(cascade_socket, message, strlen(message), MSG_DONTWAIT | MSG_NOSIGNAL,
                  (struct sockaddr *)&address, address_length) == (ssize_t)strlen(message);
}

static void on_alarm(int signal) { (void)signal; }

int main(int argc, char **argv) {
    int fd = listener();
    cascade_socket = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    if (argc > 2 && !strcmp(argv[1], "time")) {
        long n = atol(argv[2]);
        pthread_t thread;
        pthread_create(&thread, NULL, drain, &fd);
        double a = thread_cpu();
        for (long i = 0; i < n; i++) sd_notify(0, "WATCHDOG=1");
        double b = thread_cpu();
        for (long i = 0; i < n; i++) cascade_send("WATCHDOG=1\n");
        double c = thread_cpu();
        printf("%ld messages: sd_notify %.1f ms (%.2f us each), sendto on one socket %.1f ms (%.2f us each)\n",
               n, (b - a) * 1e3, (b - a) * 1e6 / n, (c - b) * 1e3, (c - b) * 1e6 / n);
    } else if (argc > 1 && !strcmp(argv[1], "stuck")) {
        // Nobody reads: the receive queue fills.
        struct sigaction action = {0};
        action.sa_handler = on_alarm;  // no SA_RESTART: a blocked send returns EINTR
        sigaction(SIGALRM, &action, NULL);
        int sent = 0;
        double start = now();
        while (cascade_send("WATCHDOG=1\n")) sent++;
        printf("sendto MSG_DONTWAIT: %d sent, then %s after %.3f s\n", sent, strerror(errno), now() - start);
        start = now();
        alarm(3);
        int r = sd_notify(0, "WATCHDOG=1");
        printf("sd_notify into the full queue: returned %d (%s) after %.3f s\n", r, r < 0 ? strerror(-r) : "sent",
               now() - start);
    }
    unlink(address.sun_path);
    return 0;
}
