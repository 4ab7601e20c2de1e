print("cascade")
