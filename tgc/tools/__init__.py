"""Tools built on the runtime and the compiler: loading, exploring, random play."""
