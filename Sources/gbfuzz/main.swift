print("gbfuzz")
