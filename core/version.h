#ifndef VERSION_H
#define VERSION_H

#define BENCHPOST_VERSION "0.1.0"

#endif
