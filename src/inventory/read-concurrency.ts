/** Files read at once by the inventory: enough to overlap I/O, few enough never to run out of file handles. */
export const readConcurrency = 16;
