#ifndef RENDER_FACTS_H
#define RENDER_FACTS_H

#include "render_differ.h"
#include "../core/record.h"
#include "../core/strbuf.h"

/*
 * The Machine section: machine and run facts as "key: value" lines, each
 * at most width columns, every value cleaned for the terminal (ASCII
 * unless utf8).  With sides (a comparison's old and new), a fact whose
 * values differ between them gives a line per side, the side named:
 *   options:    data=ordered (old)
 *               data=writeback (new)
 * so that nobody has to guess which side ran with which; a fact both
 * sides share, or sides NULL, gives one line of its distinct values.
 */
void render_facts(struct strbuf *out, const struct recset *set,
		  const struct render_facts_side *sides, size_t nsides, size_t width, int utf8);

#endif
