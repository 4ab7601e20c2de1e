#include <openssl/evp.h>
#include <openssl/md5.h>
