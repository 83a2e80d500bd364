/* The main thread leaves at once (pthread_exit) while a worker goes on and writes to
   300 MB: the process's peak is the worker's, counted as GNU time counts it. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void *work(void *unused) {
    (void)unused;
    usleep(100000);
    size_t size = (size_t)300 << 20;
    char *memory = malloc(size);
    memset(memory, 1, size);
    return memory;
}

int main(void) {
    pthread_t worker;
    pthread_create(&worker, 0, work, 0);
    pthread_exit(0);
}
