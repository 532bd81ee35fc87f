#ifndef IMPORT_THREAD_H
#define IMPORT_THREAD_H

#include "../mail/mail.h"

#include <stddef.h>

/*
 * The threads of an import's messages (import_thread.c): by Message-ID,
 * In-Reply-To and References, in either order, and by Subject without
 * its "Re:".  Owned by struct import.
 */
struct import_threads;

struct import_threads *import_threads_new(void);
void import_threads_free(struct import_threads *t);
/* Adds a message; returns its node, to be asked for its thread once all are added. */
size_t import_threads_add(struct import_threads *t, const struct mail_message *m);
/* The thread of a message's node: equal for two messages of one thread. */
size_t import_threads_of(struct import_threads *t, size_t node);

#endif
